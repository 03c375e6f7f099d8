/*
 * Several prizes and pre-sorteos (issue 23, decision 042). The raffle's own prize and declared
 * source are the 1.er premio; a raffle may add up to 9 more (2.º, 3.º, …), each with its own
 * declared source, and any of them may be a pre-sorteo: drawn before the close among the numbers
 * fully paid at its date. Pure and without zod: the public raffle page and the form import it.
 */
import type { DrawKind, LotteryRule } from './draw-terms';

export const MAX_PRIZES = 10;
export const MAX_EXTRA_PRIZES = MAX_PRIZES - 1;

/** What happens when a prize's source gives a number that already won an earlier prize. */
export const PRIZE_REPEAT_RULES = ['siguiente_resultado', 'sin_ganador'] as const;
export type PrizeRepeatRule = (typeof PRIZE_REPEAT_RULES)[number];
export const prizeRepeatRuleLabels: Record<PrizeRepeatRule, string> = {
  siguiente_resultado: 'Se usa el siguiente resultado (o la siguiente ronda de drand)',
  sin_ganador: 'Ese premio queda sin ganador',
};

/** "1.er premio", "2.º premio", … */
export const prizeLabel = (position: number) =>
  position === 1 ? '1.er premio' : position === 3 ? '3.er premio' : `${position}.º premio`;

/** Why a drawn prize has no winner although its source gave a number. */
export type PrizeVoid = 'repetido' | 'no_elegible';

/**
 * A result (lottery) or round (drand) that gave a number already won, passed over by the repeat rule;
 * `result_at`: when the lottery draw that gave it took place (absent: the prize's declared draw_at).
 */
export type SkippedResult = {
  result: string | null;
  round: number | null;
  number: number;
  result_at?: string | null;
};

/** The sealed list of a pre-sorteo: the numbers fully paid at its date (the same format as the close). */
export type PreDrawList = {
  frozen_at: string;
  commitment: string;
  line_count: number;
  audit_head: string | null;
  /**
   * Its RFC 3161 seal (migration 0025): 'pendiente' from the freeze until the authority answers,
   * then 'sellado' with who stamped it and when; absent or null when no authority is configured.
   */
  seal?: { status: 'pendiente' | 'sellado'; authority: string | null; time: string | null } | null;
};

/** An additional prize as stored (raffles.prizes, migration 0024), in order from the 2.º. */
export type StoredPrize = {
  title: string;
  description: string;
  image: string | null;
  draw_kind: DrawKind;
  draw_lottery: string | null;
  draw_at: string | null;
  draw_rule: LotteryRule | null;
  pre_draw_at: string | null;
  // What happened at its draw.
  beacon_round: number | null;
  beacon_randomness: string | null;
  beacon_signature: string | null;
  result: string | null;
  /** When the lottery draw that gave `result` took place, for a next result (decision 084). */
  result_at?: string | null;
  winning_number: number | null;
  drawn_at: string | null;
  void_reason: PrizeVoid | null;
  /** The masked holder of the winning number when it was drawn (a shown name, never contact data). */
  winner_masked: { ticket_number: string; buyer_name_masked: string } | null;
  /**
   * The sale that held the winning number when it was drawn (never shown publicly): staff's winner
   * is that sale, not whoever holds the number later. Absent on prizes drawn before it was kept.
   */
  winner_sale_id?: string | null;
  skipped: SkippedResult[];
  pre_list: PreDrawList | null;
};

/** The declared part of a prize: what the body sends and what freezes at the first sale. */
export type PrizeDeclaration = Pick<
  StoredPrize,
  'draw_kind' | 'draw_lottery' | 'draw_at' | 'draw_rule' | 'pre_draw_at'
>;
/** The prize text: frozen at close like the main prize. */
export type PrizeText = Pick<StoredPrize, 'title' | 'description' | 'image'>;

export const prizeMessages = {
  needsMainSource: 'Declara primero la fuente del sorteo del 1.er premio (lotería o drand).',
  lotteryFields: 'Indica la lotería, la fecha y hora de su sorteo y la regla de este premio.',
  drawAtAfterClose: 'La fecha del sorteo de este premio debe ser posterior a la fecha de cierre.',
  drawAtAfterPreDraw: 'La fecha del sorteo de la lotería debe ser posterior a la fecha del pre-sorteo.',
  preDrawBeforeClose: 'La fecha del pre-sorteo debe ser anterior a la fecha de cierre.',
  preDrawInPast: 'La fecha del pre-sorteo debe ser futura.',
  closingRequired: 'Una rifa con varios premios necesita fecha de cierre.',
  tooMany: `Una rifa tiene como máximo ${MAX_PRIZES} premios.`,
  noSuchPrize: 'Esta rifa no tiene ese premio.',
  previousFirst: (position: number) =>
    `Registra primero el ${prizeLabel(position)}: los premios se sortean en orden.`,
  alreadyDrawn: 'Este premio ya se sorteó: su número ganador no cambia.',
  notClosed: 'Los premios se sortean después del cierre de la rifa.',
  preDrawNotFrozen: 'La lista del pre-sorteo todavía no se ha sellado: espera a su fecha.',
  /** A next result (decision 084): the lottery draw it came from, to be checked by anyone. */
  nextResultAtRequired:
    'Este premio espera el siguiente resultado: indica la fecha y hora del sorteo de la lotería que lo dio.',
  nextResultAtNotLater: (previous: string) =>
    `El siguiente resultado debe ser de un sorteo posterior al anterior (${previous}).`,
  nextResultAtFuture: 'Ese sorteo todavía no ha ocurrido: revisa la fecha y la hora.',
  resultAtOnlyNext:
    'La fecha del sorteo solo se indica para un resultado siguiente: este resultado es el del sorteo declarado.',
  repeatedNext: (number: string, won: string) =>
    `El número ${number} ya ganó el ${won}: según la regla declarada, este premio se decide con el siguiente resultado. Regístralo cuando salga.`,
  noPreList: 'Este premio no es un pre-sorteo.',
  preDrawSealed:
    'La lista de este pre-sorteo ya se selló: su premio, su fuente y su lugar no cambian. Puedes agregar una aclaración con fecha.',
  listSealing:
    'Un pre-sorteo de esta rifa llegó a su fecha y está sellando su lista de números pagados: este número no cambia hasta que termine (menos de un minuto). Intenta de nuevo en un momento.',
  listKept:
    'Este número está en la lista sellada de un pre-sorteo que aún no se sortea: no se puede liberar, anular ni cambiar de cédula hasta registrar su resultado.',
} as const;

export type DeclarationProblem = { path: string; message: string };

/**
 * What is missing or wrong in the declared prizes, given the raffle's closing date and whether the
 * main prize declares a source. `now` checks a pre-sorteo date only for prizes that changed.
 */
export function prizeDeclarationProblems(
  prizes: readonly PrizeDeclaration[],
  raffle: { closing_date: string | null; main_kind: DrawKind | null },
  options: { now?: number; checkFuture?: (index: number) => boolean } = {},
): DeclarationProblem[] {
  if (prizes.length === 0) return [];
  if (prizes.length > MAX_EXTRA_PRIZES) return [{ path: 'prizes', message: prizeMessages.tooMany }];
  if (!raffle.main_kind) return [{ path: 'draw_kind', message: prizeMessages.needsMainSource }];
  if (!raffle.closing_date) return [{ path: 'closing_date', message: prizeMessages.closingRequired }];
  const closing = new Date(raffle.closing_date).getTime();
  const now = options.now ?? Date.now();
  const problems: DeclarationProblem[] = [];
  prizes.forEach((p, i) => {
    const at = (field: string) => `prizes.${i}.${field}`;
    const pre = p.pre_draw_at ? new Date(p.pre_draw_at).getTime() : null;
    if (pre !== null) {
      if (pre >= closing)
        problems.push({ path: at('pre_draw_at'), message: prizeMessages.preDrawBeforeClose });
      else if (pre <= now && (options.checkFuture?.(i) ?? true))
        problems.push({ path: at('pre_draw_at'), message: prizeMessages.preDrawInPast });
    }
    if (p.draw_kind !== 'loteria') return;
    if (!p.draw_lottery || !p.draw_rule || !p.draw_at) {
      problems.push({ path: at('draw_lottery'), message: prizeMessages.lotteryFields });
      return;
    }
    const drawAt = new Date(p.draw_at).getTime();
    if (pre !== null && drawAt <= pre)
      problems.push({ path: at('draw_at'), message: prizeMessages.drawAtAfterPreDraw });
    else if (pre === null && drawAt <= closing)
      problems.push({ path: at('draw_at'), message: prizeMessages.drawAtAfterClose });
  });
  return problems;
}

const declarationKey = (p: PrizeDeclaration) =>
  JSON.stringify([
    p.draw_kind,
    p.draw_lottery || null,
    p.draw_at ? new Date(p.draw_at).toISOString() : null,
    p.draw_rule || null,
    p.pre_draw_at ? new Date(p.pre_draw_at).toISOString() : null,
  ]);

/** Whether the declared sources differ (count, order or any field): frozen at the first sale. */
export const prizeSourcesDiffer = (a: readonly PrizeDeclaration[], b: readonly PrizeDeclaration[]) =>
  a.length !== b.length || a.some((p, i) => declarationKey(p) !== declarationKey(b[i] as PrizeDeclaration));

/** Whether the prize texts differ (frozen at close). */
export const prizeTextsDiffer = (a: readonly PrizeText[], b: readonly PrizeText[]) =>
  a.length !== b.length ||
  a.some((p, i) => {
    const q = b[i] as PrizeText;
    return p.title !== q.title || p.description !== q.description || (p.image ?? null) !== (q.image ?? null);
  });

/** A prize of the whole raffle seen the same way: position 1 is the raffle's own prize. */
export type PrizeSlot = {
  position: number;
  pre_draw: boolean;
  drawn: boolean;
  /** The number it gave, counting as "won" (a void prize did not take its number). */
  won_number: number | null;
};

/**
 * Main prizes are drawn in order after the close; pre-sorteos on their own dates before it. The
 * prize `position` may be drawn now only when every earlier main prize was (a pre-sorteo: always).
 * Returns the first earlier main prize still pending, or null.
 */
export function pendingEarlierPrize(slots: readonly PrizeSlot[], position: number): number | null {
  const slot = slots.find((s) => s.position === position);
  if (!slot || slot.pre_draw) return null;
  const earlier = slots.find((s) => !s.pre_draw && s.position < position && !s.drawn);
  return earlier?.position ?? null;
}

/**
 * "A number wins at most one prize" within its group: main prizes against the main prizes drawn
 * before, pre-sorteos against the pre-sorteos drawn before (a pre-sorteo winner stays in the main
 * draw). Returns the position that already won `number`, or null.
 */
export function alreadyWonBy(slots: readonly PrizeSlot[], position: number, number: number): number | null {
  const slot = slots.find((s) => s.position === position);
  if (!slot) return null;
  const other = slots.find(
    (s) => s.position !== position && s.pre_draw === slot.pre_draw && s.drawn && s.won_number === number,
  );
  return other?.position ?? null;
}

/** The empty draw state of a prize just declared. */
export const undrawnState = {
  beacon_round: null,
  beacon_randomness: null,
  beacon_signature: null,
  result: null,
  winning_number: null,
  drawn_at: null,
  void_reason: null,
  winner_masked: null,
  winner_sale_id: null,
  skipped: [],
  pre_list: null,
} satisfies Partial<StoredPrize>;
