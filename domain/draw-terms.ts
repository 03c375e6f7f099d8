/*
 * How a raffle's winner is decided, declared before the first sale and frozen with it (issue 19,
 * decision 022): an official lottery result mapped by a rule, or a public randomness beacon.
 * No zod here: the public raffle page imports it.
 */

export const DRAW_KINDS = ['loteria', 'drand'] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];

/**
 * Rules that map a lottery's published result to a number of the raffle: the last digits of its
 * first, second or third prize (a 2.º premio of the raffle is often read from the lottery's 2.º).
 */
export const LOTTERY_RULES = [
  'ultimos_digitos',
  'ultimos_digitos_segundo',
  'ultimos_digitos_tercero',
] as const;
export type LotteryRule = (typeof LOTTERY_RULES)[number];

/** Which of the lottery's published prizes a rule reads, in words ("primer", "segundo"…). */
const RULE_LOTTERY_PRIZE: Record<LotteryRule, string> = {
  ultimos_digitos: 'primer',
  ultimos_digitos_segundo: 'segundo',
  ultimos_digitos_tercero: 'tercer',
};
const isLotteryRule = (rule: string): rule is LotteryRule => Object.hasOwn(RULE_LOTTERY_PRIZE, rule);
/** A stored rule as the type (null when it is none of today's). */
export const asLotteryRule = (rule: string | null): LotteryRule | null =>
  rule !== null && isLotteryRule(rule) ? rule : null;

/** The rules as a form offers them. */
export const lotteryRuleOptions = LOTTERY_RULES.map((rule) => ({
  rule,
  label: `Últimos dígitos del ${RULE_LOTTERY_PRIZE[rule]} premio`,
}));

/** What staff type for a rule: the lottery's prize it reads, whole. */
export const lotteryResultHint = (rule: LotteryRule | string) =>
  `El ${isLotteryRule(rule) ? RULE_LOTTERY_PRIZE[rule] : 'primer'} premio completo, p. ej. 347.`;

/** The rule in words, for the raffle page and the register dialog. */
export function lotteryRuleText(
  rule: LotteryRule | string,
  digitCount: number,
  totalNumbers: number,
): string {
  const digits = digitCount === 1 ? 'el último dígito' : `los últimos ${digitCount} dígitos`;
  const wraps = totalNumbers < 10 ** digitCount;
  return isLotteryRule(rule)
    ? `Gana el número con ${digits} del ${RULE_LOTTERY_PRIZE[rule]} premio de la lotería${
        wraps ? `; si ese número no existe en la rifa, el resto de dividirlo entre ${totalNumbers}` : ''
      }.`
    : rule;
}

export type LotteryDerivation = { ok: true; number: number } | { ok: false; message: string };

/**
 * Whether the digits the rule reads are the digits a person sees: one run of ASCII digits (the
 * lottery's number), no other digit-like character (fullwidth ７, superscripts, other scripts' digits
 * are dropped by the rule yet look like digits), no invisible or direction-changing character
 * (U+202E shows "743" as "347"), and no letter or mark touching the run ("34l" reads as 34 yet looks
 * like 341). Otherwise a result could be shown looking like the official one while it gives another
 * number, and the page's check would agree with it.
 */
function readsAsPrinted(result: string): boolean {
  if (/[\p{C}]/u.test(result)) return false;
  if (/[^\P{N}0-9]/u.test(result)) return false;
  const runs = result.match(/[0-9]+/g) ?? [];
  if (runs.length > 1) return false;
  return !/[\p{L}\p{M}][0-9]|[0-9][\p{L}\p{M}]/u.test(result);
}

/** The winning number a published result gives under the rule (the result as printed, e.g. "347"). */
export function numberFromLotteryResult(
  rule: LotteryRule | string,
  result: string,
  raffle: { digitCount: number; totalNumbers: number },
): LotteryDerivation {
  if (!isLotteryRule(rule)) return { ok: false, message: 'Regla de sorteo desconocida.' };
  if (!readsAsPrinted(result)) return { ok: false, message: drawTermsMessages.resultNotPlain };
  const digits = result.replace(/\D/g, '');
  if (digits.length < raffle.digitCount) {
    return {
      ok: false,
      message: `El resultado debe tener al menos ${raffle.digitCount} ${raffle.digitCount === 1 ? 'dígito' : 'dígitos'}.`,
    };
  }
  return { ok: true, number: Number(digits.slice(-raffle.digitCount)) % raffle.totalNumbers };
}

/** An extension of the closing date, kept and shown to buyers. */
export type ClosingExtension = { from: string; to: string; at: string };
/** A dated note appended to a frozen prize text. */
export type Clarification = { at: string; text: string };

export const drawTermsMessages = {
  closingPassed: 'La fecha de cierre ya pasó: no se puede cambiar. La rifa se cierra sola.',
  closingShortened: 'La rifa ya tiene ventas: la fecha de cierre solo se puede extender, no adelantar.',
  prizeFrozen:
    'La rifa ya cerró: el nombre, la descripción y las fotos del premio no cambian. Puedes agregar una aclaración con fecha.',
  drawAtBeforeClose: 'La fecha del sorteo de la lotería debe ser posterior a la fecha de cierre.',
  lotteryFieldsRequired: 'Indica la lotería, la fecha y hora de su sorteo y la regla.',
  closingRequired: 'Un sorteo con fuente declarada necesita fecha de cierre.',
  resultTooEarly:
    'Todavía no es la hora declarada del sorteo de la lotería: el resultado no se puede registrar antes.',
  resultRequired: 'Escribe el resultado oficial tal como se publicó (por ejemplo 347).',
  resultNotPlain:
    'Escribe el número del resultado una sola vez, con dígitos del 0 al 9 seguidos y sin letras pegadas (por ejemplo 347 o «347 Leo»).',
  beaconDrawsItself:
    'Esta rifa se sortea con un número aleatorio público (drand): el ganador se calcula solo al salir la ronda.',
  legacyNeedsNumber: 'Escribe el número ganador.',
  kindRequired:
    'Elige cómo se decide el ganador: el resultado de una lotería oficial o un número aleatorio público (drand). Sin eso la rifa solo puede guardarse como borrador.',
} as const;

export type DrawDeclaration = {
  draw_kind: DrawKind | null;
  draw_lottery: string | null;
  draw_at: string | null;
  draw_rule: LotteryRule | null;
  closing_date: string | null;
};

/**
 * A raffle that sells declares how its winner is decided (API.md, "Sealed draw"): with no declared
 * source the admin types the winning number, and nobody can check it. A borrador may leave it open
 * until it is published. A raffle that was already selling with none, from before declared sources,
 * keeps that (its draw takes `{winning_number}`); once declared, a source cannot be taken away.
 */
export function undeclaredSourceProblem(
  before: { status: string; draw_kind: DrawKind | null } | null,
  after: { status: string; draw_kind: DrawKind | null },
): { path: 'draw_kind'; message: string } | null {
  if (after.draw_kind !== null || after.status === 'borrador') return null;
  if (before !== null && before.status !== 'borrador' && before.draw_kind === null) return null;
  return { path: 'draw_kind', message: drawTermsMessages.kindRequired };
}

/** What is missing or wrong in a declared source (create, and update merged with the stored raffle). */
export function drawDeclarationProblems(d: DrawDeclaration): { path: string; message: string }[] {
  if (d.draw_kind !== 'loteria') return [];
  const problems: { path: string; message: string }[] = [];
  if (!d.draw_lottery)
    problems.push({ path: 'draw_lottery', message: drawTermsMessages.lotteryFieldsRequired });
  if (!d.draw_rule) problems.push({ path: 'draw_rule', message: drawTermsMessages.lotteryFieldsRequired });
  if (!d.draw_at) problems.push({ path: 'draw_at', message: drawTermsMessages.lotteryFieldsRequired });
  else if (!d.closing_date)
    problems.push({ path: 'closing_date', message: drawTermsMessages.closingRequired });
  else if (new Date(d.draw_at).getTime() <= new Date(d.closing_date).getTime())
    problems.push({ path: 'draw_at', message: drawTermsMessages.drawAtBeforeClose });
  return problems;
}
