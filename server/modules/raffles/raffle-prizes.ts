import { QUICKNET, roundTime } from '../../../domain/beacon';
import { drawMessages } from '../../../domain/draw';
import { type DrawKind, drawTermsMessages, lotteryRuleText } from '../../../domain/draw-terms';
import {
  type PrizeDeclaration,
  type PrizeRepeatRule,
  prizeDeclarationProblems,
  prizeMessages,
  prizeSourcesDiffer,
  prizeTextsDiffer,
  type StoredPrize,
  undrawnState,
} from '../../../domain/prize-rules';
import type { PrizeInput, PrizeView } from '../../../domain/prizes';
import { lifecycleMessages } from '../../../domain/raffle-lifecycle';
import type { CreateRaffle, UpdateRaffle } from '../../../domain/raffles';
import { ConflictError, UnprocessableError } from '../../lib/errors';
import type { PublicRaffleRow, RaffleInsert, RaffleRow } from './raffles.repo';

// Several prizes (issue 23, decision 042): how the raffle row's `prizes` reads in the answers and
// what an edit of them must respect (sources frozen at the first sale, texts at close).

const iso = (d: Date | null) => d?.toISOString() ?? null;
const isoOf = (s: string | null) => (s ? new Date(s).toISOString() : null);

export const preListPath = (raffleId: string, position: number) =>
  `/api/raffles/${raffleId}/prizes/${position}/list.txt`;
export const preListSealPath = (raffleId: string, position: number) =>
  `/api/raffles/${raffleId}/prizes/${position}/seal.tsr`;

/** A pre-sorteo list's public view: where to download it and its RFC 3161 seal. */
function preListView(raffleId: string, position: number, list: NonNullable<StoredPrize['pre_list']>) {
  const { seal, ...frozen } = list;
  const sealed = seal?.status === 'sellado';
  return {
    ...frozen,
    list_url: preListPath(raffleId, position),
    timestamp: seal
      ? {
          status: seal.status,
          authority: sealed ? seal.authority : null,
          time: sealed ? seal.time : null,
          token_url: sealed ? preListSealPath(raffleId, position) : null,
        }
      : null,
  };
}

function beaconView(round: number | null, randomness: string | null, signature: string | null) {
  return round === null
    ? null
    : { round, randomness, signature, chain_hash: QUICKNET.chainHash, time: roundTime(round).toISOString() };
}

/** Every prize of the raffle in order: position 1 is the raffle's own prize and source. */
export function prizeViews(row: PublicRaffleRow): PrizeView[] {
  const ruleText = (rule: string | null) =>
    rule ? lotteryRuleText(rule, row.digitCount, row.totalNumbers) : null;
  const main: PrizeView = {
    position: 1,
    title: row.name,
    description: row.description,
    image: row.images[0] ?? null,
    pre_draw_at: null,
    source: {
      kind: row.drawKind as DrawKind | null,
      lottery: row.drawLottery,
      draw_at: iso(row.drawAt),
      rule: row.drawRule,
      rule_text: ruleText(row.drawRule),
      beacon: beaconView(row.beaconRound, row.beaconRandomness, row.beaconSignature),
    },
    result: row.drawResult,
    result_at: null,
    winning_number: row.winningNumber,
    drawn_at: iso(row.drawnAt),
    void_reason: null,
    skipped: [],
    // The 1.er premio's masked winner is looked up live by the draw view (GET /draw).
    winner: null,
    pre_list: null,
  };
  return [
    main,
    ...row.prizes.map(
      (p, i): PrizeView => ({
        position: i + 2,
        title: p.title,
        description: p.description,
        image: p.image,
        pre_draw_at: p.pre_draw_at,
        source: {
          kind: p.draw_kind,
          lottery: p.draw_lottery,
          draw_at: p.draw_at,
          rule: p.draw_rule,
          rule_text: ruleText(p.draw_rule),
          beacon: beaconView(p.beacon_round, p.beacon_randomness, p.beacon_signature),
        },
        result: p.result,
        result_at: p.result_at ?? null,
        winning_number: p.winning_number,
        drawn_at: p.drawn_at,
        void_reason: p.void_reason,
        skipped: p.skipped.map((s) => ({ ...s, result_at: s.result_at ?? null })),
        winner: p.winner_masked,
        pre_list: p.pre_list ? preListView(row.id, i + 2, p.pre_list) : null,
      }),
    ),
  ];
}

const declarationOf = (p: PrizeInput | StoredPrize): PrizeDeclaration => ({
  draw_kind: p.draw_kind,
  draw_lottery: p.draw_kind === 'loteria' ? p.draw_lottery : null,
  draw_at: p.draw_kind === 'loteria' ? isoOf(p.draw_at) : null,
  draw_rule: p.draw_kind === 'loteria' ? p.draw_rule : null,
  pre_draw_at: isoOf(p.pre_draw_at),
});

/** Whether a prize is gone, or its declared source or text differs. */
const changedPrize = (before: StoredPrize, after: StoredPrize | undefined) =>
  !after ||
  prizeSourcesDiffer([declarationOf(before)], [declarationOf(after)]) ||
  prizeTextsDiffer([before], [after]);

/**
 * The stored prizes an input gives: a prize whose declared source is unchanged keeps what its
 * draw already recorded (a pre-sorteo's sealed list); a new or re-declared one starts undrawn.
 */
export function storedPrizes(
  input: readonly PrizeInput[],
  current: readonly StoredPrize[] = [],
): StoredPrize[] {
  return input.map((p, i) => {
    const before = current[i];
    const declared = declarationOf(p);
    const kept =
      before && !prizeSourcesDiffer([declarationOf(before)], [declared])
        ? {
            beacon_round: before.beacon_round,
            beacon_randomness: before.beacon_randomness,
            beacon_signature: before.beacon_signature,
            result: before.result,
            winning_number: before.winning_number,
            drawn_at: before.drawn_at,
            void_reason: before.void_reason,
            winner_masked: before.winner_masked,
            winner_sale_id: before.winner_sale_id ?? null,
            skipped: before.skipped,
            pre_list: before.pre_list,
          }
        : undrawnState;
    return { title: p.title, description: p.description, image: p.image, ...declared, ...kept };
  });
}

const invalid = (path: string, message: string) =>
  new UnprocessableError(message, 'VALIDATION_ERROR', { fields: [{ path, message }] });

/** The columns a create sets for its prizes, after checking them against the raffle's own source. */
export function prizeColumnsForCreate(input: CreateRaffle): Partial<RaffleInsert> {
  const [problem] = prizeDeclarationProblems(input.prizes.map(declarationOf), {
    closing_date: input.closing_date,
    main_kind: input.draw_kind,
  });
  if (problem) throw invalid(problem.path, problem.message);
  return {
    prizes: storedPrizes(input.prizes),
    prizeRepeatRule: input.prize_repeat_rule,
  };
}

/**
 * The columns an edit sets for its prizes, checked under the raffle's lock: the declared sources
 * (and the repeat rule) are frozen once a number was taken and, whatever is sold, at the close;
 * the texts once the raffle closed.
 */
export async function prizeColumnsForUpdate(
  current: RaffleRow,
  input: UpdateRaffle,
  context: { hasLiveSales: () => Promise<boolean>; frozen: boolean },
): Promise<Partial<RaffleInsert>> {
  const columns: Partial<RaffleInsert> = {};
  const next = input.prizes !== undefined ? storedPrizes(input.prizes, current.prizes) : current.prizes;
  const sourcesChange =
    (input.prizes !== undefined &&
      prizeSourcesDiffer(current.prizes.map(declarationOf), next.map(declarationOf))) ||
    (input.prize_repeat_rule !== undefined && input.prize_repeat_rule !== current.prizeRepeatRule);
  // Closed (or past its closing date), the draw is what was declared whoever holds a number now:
  // like the 1.er premio's source, not only while a sale is live (all of them released before).
  if (sourcesChange && context.frozen)
    throw new ConflictError(lifecycleMessages.termsFrozen, 'RAFFLE_CLOSED');
  if (input.prizes !== undefined && context.frozen && prizeTextsDiffer(current.prizes, next))
    throw new ConflictError(drawTermsMessages.prizeFrozen, 'RAFFLE_CLOSED');
  // A pre-sorteo's list sealed (and maybe its winner known) before the close: what it was sealed
  // for stays, in its place, as the raffle's prizes do at the close.
  if (input.prizes !== undefined && current.prizes.some((p, i) => p.pre_list && changedPrize(p, next[i])))
    throw new ConflictError(prizeMessages.preDrawSealed, 'PRE_DRAW_SEALED');
  if (sourcesChange && (await context.hasLiveSales()))
    throw new ConflictError(drawMessages.drawSourceLocked, 'DRAW_SOURCE_LOCKED');
  // The prizes are checked against the raffle as it will be (its closing date and main source).
  const closing = input.closing_date !== undefined ? input.closing_date : iso(current.closingDate);
  const mainKind = input.draw_kind !== undefined ? input.draw_kind : (current.drawKind as DrawKind | null);
  const currentKeys = current.prizes.map((p) => JSON.stringify(declarationOf(p)));
  const [problem] = prizeDeclarationProblems(
    next.map(declarationOf),
    { closing_date: closing, main_kind: mainKind },
    // A pre-sorteo date already in the past is checked only when it is new (its list may be sealed).
    { checkFuture: (i) => JSON.stringify(declarationOf(next[i] as StoredPrize)) !== currentKeys[i] },
  );
  if (problem) throw invalid(problem.path, problem.message);
  if (input.prizes !== undefined) columns.prizes = next;
  if (input.prize_repeat_rule !== undefined) columns.prizeRepeatRule = input.prize_repeat_rule;
  return columns;
}

export const repeatRuleOf = (row: Pick<RaffleRow, 'prizeRepeatRule'>) =>
  row.prizeRepeatRule as PrizeRepeatRule;
