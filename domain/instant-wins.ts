import { instantField } from './api';
import type { InstantWin } from './instant-win-commitment';
import { z } from './zod';

export {
  type InstantWin,
  instantWinCommitment,
  instantWinCommitmentText,
  sameInstantWins,
  sortedInstantWins,
} from './instant-win-commitment';

/** At most this many instant-win numbers per raffle (issue 23). */
export const MAX_INSTANT_WINS = 20;
export const MAX_INSTANT_WIN_PRIZE = 80;

export const instantWinMessages = {
  number: 'Escribe el número premiado (un número entero de la rifa)',
  prizeRequired: 'Escribe el premio de este número',
  prizeTooLong: `El premio puede tener hasta ${MAX_INSTANT_WIN_PRIZE} caracteres`,
  prizeOneLine: 'El premio va en una sola línea',
  tooMany: `Puedes elegir hasta ${MAX_INSTANT_WINS} números premiados`,
  duplicate: (n: number) => `El número ${n} está repetido en los números premiados`,
  outOfRange: (n: number, total: number) =>
    `El número premiado ${n} no existe en esta rifa (sus números van del 0 al ${total - 1})`,
  notAnInstantWin: (n: number) => `El número ${n} no es un número premiado de esta rifa`,
  notWon: (n: number) =>
    `El premio del número ${n} todavía no lo ganó nadie: solo se entrega cuando una venta de ese número está pagada completa`,
} as const;

const m = instantWinMessages;

export const instantWinSchema = z
  .object({
    // The raffle's own range is checked against its size (instantWinsProblem).
    number: z.int(m.number).min(0, m.number).max(999_999, m.number),
    prize: z
      .string(m.prizeRequired)
      .trim()
      .min(1, m.prizeRequired)
      .max(MAX_INSTANT_WIN_PRIZE, m.prizeTooLong)
      // One line: the committed text puts each on its own line (docs/verification.md).
      .regex(/^[^\p{Cc}]*$/u, m.prizeOneLine),
  })
  .strict() satisfies z.ZodType<InstantWin>;

export const instantWinsSchema = z
  .array(instantWinSchema)
  .max(MAX_INSTANT_WINS, m.tooMany)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    for (const [index, w] of list.entries()) {
      if (seen.has(w.number))
        ctx.addIssue({ code: 'custom', path: [index, 'number'], message: m.duplicate(w.number) });
      seen.add(w.number);
    }
  });

/** The first instant win outside a raffle of `totalNumbers` numbers (0 .. total - 1), as a field problem. */
export function instantWinsProblem(
  list: readonly InstantWin[],
  totalNumbers: number,
): { path: string; message: string } | null {
  const index = list.findIndex((w) => w.number >= totalNumbers);
  const outside = list[index];
  return outside
    ? { path: `instant_wins.${index}.number`, message: m.outOfRange(outside.number, totalNumbers) }
    : null;
}

/** `GET /api/raffles/:id/instant-wins` (staff who edit the raffle): the list, and who won each. */
export const staffInstantWinsSchema = z.object({
  instant_wins: z.array(
    z.object({
      number: z.int(),
      prize: z.string(),
      /** The fully paid sale that won it, or null. */
      ticket_number: z.string().nullable(),
      awarded_at: instantField.nullable(),
      /** Its buyer's name (staff only), or null until won. */
      winner_name: z.string().nullable(),
      /**
       * When staff marked the prize handed over (decision 081): from then on it stays with that
       * sale, even one refunded or released later, and no other sale can win it. Null until then.
       */
      delivered_at: instantField.nullable(),
      /** Who marked it (their name, else e-mail), or null. */
      delivered_by_name: z.string().nullable(),
    }),
  ),
  instant_win_commitment: z.string().nullable(),
});
export type StaffInstantWins = z.infer<typeof staffInstantWinsSchema>;
export type StaffInstantWin = StaffInstantWins['instant_wins'][number];

/** What a sale won, on the staff ticket views: its prize, and when it was handed over (or null). */
export const ticketInstantWinSchema = z.object({
  prize: z.string(),
  delivered_at: instantField.nullable(),
});
export type TicketInstantWin = z.infer<typeof ticketInstantWinSchema>;

/** What the draw answer publishes once the raffle closed: each number, its prize, the winner masked. */
export const revealedInstantWinSchema = z.object({
  number: z.int(),
  prize: z.string(),
  /** The fully paid buyer's name masked ("m*** p***"), or null when nobody won it. */
  winner_masked: z.string().nullable(),
});
export type RevealedInstantWin = z.infer<typeof revealedInstantWinSchema>;
