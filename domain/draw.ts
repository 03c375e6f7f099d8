import { centsField, countField, instantField } from './api';
import { drawTimestampSchema } from './draw-seal';
import { DRAW_KINDS } from './draw-terms';
import { revealedInstantWinSchema } from './instant-wins';
import { MAX_PRIZES } from './prize-rules';
import { prizeViewSchema } from './prizes';
import { MAX_TOTAL_NUMBERS } from './raffles';
import { z } from './zod';

// Kept in a module without zod so the public raffle page can show them.
export { drawMessages } from './draw-messages';

/** The winning sale as staff see it, with the buyer's contact details to deliver the prize. */
export const drawWinnerSchema = z.object({
  number: countField,
  ticket_number: z.string(),
  status: z.string(),
  buyer_name: z.string().nullable(),
  buyer_phone: z.string().nullable(),
  buyer_cedula: z.string().nullable(),
  buyer_email: z.string().nullable(),
  total_paid_cents: centsField,
  remaining_cents: centsField,
});
export type DrawWinner = z.infer<typeof drawWinnerSchema>;

/** `GET /api/raffles/:id/winner?prize=N`: which prize's winner (1, the raffle's own, when left out). */
export const winnerQuerySchema = z
  .object({ prize: z.coerce.number().int().min(1).max(MAX_PRIZES).optional() })
  .strict();

/** `GET /api/raffles/:id/winner` (staff of the raffle): null before the draw or when nobody holds it. */
export const winnerResultSchema = z.object({ winner: drawWinnerSchema.nullable() });
export type WinnerResult = z.infer<typeof winnerResultSchema>;

/**
 * `POST /api/raffles/:id/draw`: a lottery source takes the official result as published ("347");
 * a raffle with no declared source (made before issue 19) takes the winning number itself.
 */
export const drawSchema = z
  .object({
    winning_number: z
      .int('El número ganador debe ser un entero')
      .min(0)
      .max(MAX_TOTAL_NUMBERS - 1, 'El número ganador está fuera del rango de la rifa.')
      .optional(),
    result: z
      .string()
      .trim()
      .min(1, 'Escribe el resultado oficial tal como se publicó (por ejemplo 347).')
      .max(40)
      .regex(/\d/, 'El resultado oficial debe tener dígitos.')
      .optional(),
    /**
     * When the lottery draw that gave `result` took place: required for a prize's next result (its
     * earlier one repeated a number), later than that earlier one's draw (decision 084).
     */
    result_at: z.iso.datetime({ offset: true, message: 'Fecha del sorteo inválida' }).optional(),
    /** Which prize the result decides (decision 042): 1 (default) is the raffle's own prize. */
    prize: z.int('Elige el premio').min(1).max(MAX_PRIZES).optional(),
  })
  .strict();
export type DrawInput = z.infer<typeof drawSchema>;

const drandBeaconSchema = z.object({
  round: z.int(),
  randomness: z.string().nullable(),
  signature: z.string().nullable(),
  chain_hash: z.string(),
  /** When the round comes out (it is unknown to anyone before). */
  time: instantField,
});

/** `GET /api/raffles/:id/draw` (public): what anyone needs to check the draw; the winner masked. */
export const drawResultSchema = z.object({
  draw_source: z.string().nullable(),
  /** Version 2: the RFC 6962 Merkle root (hex) of the sold list; version 1: SHA-256 of its text. */
  draw_commitment: z.string().nullable(),
  sold_list: z.string().nullable(),
  /** Where the published list is downloaded (text/plain, one line per sale, each ending in a newline). */
  sold_list_url: z.string().nullable(),
  commitment_version: z.int().nullable(),
  line_count: z.int().nullable(),
  /** When the list was frozen and committed. */
  closed_at: instantField.nullable(),
  /** The RFC 3161 seal of the root: pending while the authority has not answered. */
  timestamp: drawTimestampSchema.nullable(),
  /** The declared source and rule (null kind: a raffle made before issue 19, see draw_source). */
  source: z.object({
    kind: z.enum(DRAW_KINDS).nullable(),
    lottery: z.string().nullable(),
    draw_at: instantField.nullable(),
    rule: z.string().nullable(),
    rule_text: z.string().nullable(),
    beacon: drandBeaconSchema.nullable(),
  }),
  /** The official result as published (lottery source). */
  result: z.string().nullable(),
  winning_number: z.int().nullable(),
  drawn_at: instantField.nullable(),
  /** The audit chain's head when the raffle closed. */
  audit_head: z.string().nullable(),
  winner: z
    .object({
      number: countField,
      ticket_number: z.string(),
      status: z.string(),
      buyer_name_masked: z.string(),
    })
    .nullable(),
  /** Every prize in order (decision 042): position 1 repeats the fields above. */
  prizes: z.array(prizeViewSchema),
  /** SHA-256 over the instant-win numbers and their salt (docs/verification.md); null without them. */
  instant_win_commitment: z.string().nullable(),
  /** The instant-win numbers, published once the raffle closed (null before, and without them). */
  instant_wins: z.array(revealedInstantWinSchema).nullable(),
  /** The salt of the commitment (64 hex digits), published with the list. */
  instant_win_salt: z.string().nullable(),
});
export type DrawResult = z.infer<typeof drawResultSchema>;

/** `GET /api/raffles/:id/proof?number=N`: the inclusion proof of one line (RFC 6962 audit path). */
export const proofQuerySchema = z.object({
  number: z.coerce
    .number()
    .int('Número inválido')
    .min(0)
    .max(MAX_TOTAL_NUMBERS - 1),
});
export const proofResultSchema = z.object({
  line: z.string(),
  index: z.int(),
  size: z.int(),
  path: z.array(z.string()),
  root: z.string(),
});
export type ProofResult = z.infer<typeof proofResultSchema>;

/** `GET /api/receipts/key`: the public key that checks every receipt. */
export const receiptKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  /** The 32 raw bytes, base64. */
  public_key: z.string(),
  spki_pem: z.string(),
});

/** `POST /api/raffles/:id/clarifications`: a dated note under a frozen prize text. */
export const clarificationSchema = z
  .object({ text: z.string().trim().min(3, 'Escribe la aclaración').max(1000, 'Máximo 1000 caracteres') })
  .strict();
