import { centsField, countField, instantField } from './api';
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

/** `GET /api/raffles/:id/winner` (staff of the raffle): null before the draw or when nobody holds it. */
export const winnerResultSchema = z.object({ winner: drawWinnerSchema.nullable() });
export type WinnerResult = z.infer<typeof winnerResultSchema>;

export const drawSchema = z
  .object({
    winning_number: z
      .int('El número ganador debe ser un entero')
      .min(0)
      .max(MAX_TOTAL_NUMBERS - 1, 'El número ganador está fuera del rango de la rifa.'),
  })
  .strict();

/** `GET /api/raffles/:id/draw` (public): what anyone needs to check the draw; the winner masked. */
export const drawResultSchema = z.object({
  draw_source: z.string().nullable(),
  draw_commitment: z.string().nullable(),
  sold_list: z.string().nullable(),
  winning_number: z.int().nullable(),
  drawn_at: instantField.nullable(),
  winner: z
    .object({
      number: countField,
      ticket_number: z.string(),
      status: z.string(),
      buyer_name_masked: z.string(),
    })
    .nullable(),
});
export type DrawResult = z.infer<typeof drawResultSchema>;
