import { formatDateTime } from '@domain/dates';
import { drawKindLabels } from '@domain/draw-source-view';
import { prizeLabel } from '@domain/prize-rules';
import type { PrizeView } from '@domain/prizes';
import { Gift, ShieldCheck, Trophy } from 'lucide-react';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { Card } from '@/components/ui/card';
import { prizeTexts as t } from '../prize-texts';
import { type CellStatus, statusOf } from '../store/board-state';
import { useRaffleStore } from '../store/raffle-store';

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');
const count = new Intl.NumberFormat('es-VE');

function sourceText(prize: PrizeView): string {
  const s = prize.source;
  if (s.kind === 'loteria' && s.lottery)
    return s.draw_at ? t.lottery(s.lottery, formatDateTime(s.draw_at)) : s.lottery;
  if (s.kind === 'drand') return drawKindLabels.drand;
  return t.noSource;
}

/** A held number's status, as the board has it now: whether the winning number is paid. */
const HELD: readonly CellStatus[] = ['apartado', 'abonado', 'pagado'];

type OutcomeProps = {
  prize: PrizeView;
  digits: number;
  holderKnown: boolean;
  /** The winning number's status on the live board (undefined until the board loads). */
  status: CellStatus | undefined;
};

/** What came of a prize: its winner (masked), no winner and why, or still to be drawn. */
function Outcome({ prize, digits, holderKnown, status }: OutcomeProps) {
  if (prize.drawn_at === null || prize.winning_number === null) {
    if (prize.drawn_at !== null) return <p className="text-sm text-zinc-700">{t.noLines}</p>;
    return (
      <p className="text-sm text-zinc-600">
        {prize.skipped.length > 0 ? t.waitingNext(prize.skipped.length) : t.pending}
      </p>
    );
  }
  const number = pad(prize.winning_number, digits);
  if (prize.void_reason)
    return <p className="text-sm text-zinc-700">{t.voided(number, prize.void_reason)}</p>;
  return (
    <p
      className="flex flex-wrap items-center gap-2 text-sm font-semibold text-emerald-800"
      data-testid="prize-winner"
    >
      <Trophy aria-hidden className="size-4" />
      {prize.winner
        ? t.winner(number, prize.winner.buyer_name_masked)
        : holderKnown
          ? t.unsold(number)
          : t.winningNumber(number)}
      {/* Like the 1.er premio's banner: whether the winning number is paid (the prize needs it). */}
      {prize.winner && status && HELD.includes(status) && (
        <TicketStatusBadge status={status} className="font-semibold" />
      )}
    </p>
  );
}

/**
 * The results a prize passed over because their number had already won (rule siguiente_resultado):
 * shown while the prize waits for the next one and kept once it is drawn, as evidence of the draw.
 */
function SkippedResults({ prize, digits }: { prize: PrizeView; digits: number }) {
  const { skipped } = prize;
  if (skipped.length === 0) return null;
  // Each lottery result names its draw: the first is the declared one, each next one its own.
  const drawOf = (s: PrizeView['skipped'][number], i: number) => {
    const at = s.result_at ?? (i === 0 ? prize.source.draw_at : null);
    return at ? formatDateTime(at) : null;
  };
  return (
    <div className="grid gap-0.5 text-sm text-zinc-600" data-testid="prize-skipped">
      <p>{t.skippedTitle(skipped.length)}</p>
      <ul className="grid list-disc gap-0.5 pl-5">
        {skipped.map((s, i) => {
          const number = pad(s.number, digits);
          return (
            <li key={`${s.result ?? ''}-${s.round ?? ''}-${s.number}`}>
              {s.result !== null
                ? t.skippedResult(s.result, number, drawOf(s, i))
                : s.round !== null
                  ? t.skippedRound(count.format(s.round), number)
                  : t.skippedNumber(number)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A pre-sorteo's frozen list: when, how many numbers, its root, the list and its RFC 3161 seal to
 * download (docs/verification.md tells how to check them).
 */
function PreList({ list }: { list: NonNullable<PrizeView['pre_list']> }) {
  const seal = list.timestamp;
  return (
    <div className="grid gap-1 rounded-md bg-zinc-50 p-2 text-sm text-zinc-700" data-testid="pre-list">
      <p>
        <ShieldCheck aria-hidden className="mr-1 inline size-4 align-[-3px] text-emerald-700" />
        {t.preListFrozen(formatDateTime(list.frozen_at), list.line_count)}{' '}
        <a className="font-medium text-brand-700 underline" href={list.list_url} download>
          {t.preListDownload}
        </a>
      </p>
      <p className="font-mono text-xs break-all text-zinc-600">
        {t.preListRoot}: {list.commitment}
      </p>
      {seal?.status === 'pendiente' && <p>{t.sealPending}</p>}
      {seal?.status === 'sellado' && (
        <p>
          {t.sealedBy(seal.authority ?? '', seal.time ? formatDateTime(seal.time) : '')}{' '}
          {seal.token_url && (
            <a className="font-medium text-brand-700 underline" href={seal.token_url} download>
              {t.sealDownload}
            </a>
          )}
        </p>
      )}
    </div>
  );
}

/**
 * Every prize of the raffle in order (issue 23, decision 042), the pre-sorteos with their date,
 * each with how it is drawn and, after its draw, its winner. `drawn` is the draw view's list (the
 * 1.er premio's winner is looked up there); without it, the raffle's own answer.
 */
export function RafflePrizes({
  raffleId,
  prizes,
  drawn,
  digitCount,
}: {
  raffleId: string;
  prizes: PrizeView[];
  drawn?: PrizeView[];
  digitCount: number;
}) {
  const board = useRaffleStore((s) => s.boards[raffleId]);
  // The raffle's answer is the fresher (live); the draw view only adds the 1.er premio's winner.
  const main = drawn?.find((p) => p.position === 1);
  const list = prizes.map((p) =>
    p.position === 1 && main && main.winning_number === p.winning_number ? { ...p, winner: main.winner } : p,
  );
  const mainKnown = main !== undefined && main.winning_number === prizes[0]?.winning_number;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="raffle-prizes-title" className="grid gap-4" data-testid="raffle-prizes">
        <h2 id="raffle-prizes-title" className="flex items-center gap-2 text-lg font-semibold text-zinc-900">
          <Gift aria-hidden className="size-5 text-brand-700" />
          {t.title(list.length)}
        </h2>
        <ol className="grid gap-3">
          {list.map((prize) => (
            <li
              key={prize.position}
              className="grid gap-1 rounded-lg border border-zinc-200 p-3"
              data-testid={`prize-${prize.position}`}
            >
              <p className="text-xs font-semibold tracking-wide text-brand-700">
                {prize.pre_draw_at ? t.preDrawLabel(prizeLabel(prize.position)) : prizeLabel(prize.position)}
              </p>
              <p className="font-semibold text-zinc-900">{prize.title}</p>
              {prize.pre_draw_at && (
                <p className="text-sm text-amber-800">{t.preDrawWhen(formatDateTime(prize.pre_draw_at))}</p>
              )}
              <p className="text-sm text-zinc-600">{sourceText(prize)}</p>
              {/* Which of the lottery's prizes decides this one, as declared ("del segundo premio"). */}
              {prize.source.kind === 'loteria' && prize.source.rule_text && (
                <p className="text-sm text-zinc-600">{prize.source.rule_text}</p>
              )}
              {prize.pre_list && <PreList list={prize.pre_list} />}
              <Outcome
                prize={prize}
                digits={digitCount}
                holderKnown={prize.position > 1 || mainKnown}
                status={
                  board && prize.winning_number !== null ? statusOf(board, prize.winning_number) : undefined
                }
              />
              <SkippedResults prize={prize} digits={digitCount} />
              {prize.result !== null && prize.result_at !== null && prize.drawn_at !== null && (
                <p className="text-sm text-zinc-600">
                  {t.decidedBy(prize.result, formatDateTime(prize.result_at))}
                </p>
              )}
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
