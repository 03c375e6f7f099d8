import { z } from './zod';

export const drawMessages = {
  notClosed: 'Primero cierra la rifa: el sorteo se hace sobre la lista de números vendidos ya publicada.',
  alreadyClosed: 'La rifa ya está cerrada.',
  drawSourceLocked: 'El sorteo de referencia no se puede cambiar: ya hay números apartados o vendidos.',
  numberOutOfRange: 'El número ganador está fuera del rango de la rifa.',
} as const;

export const drawSchema = z
  .object({ winning_number: z.int('El número ganador debe ser un entero').min(0) })
  .strict();

export type DrawResult = {
  draw_source: string | null;
  draw_commitment: string | null;
  sold_list: string | null;
  winning_number: number | null;
  drawn_at: string | null;
  winner: { number: number; ticket_number: string; status: string; buyer_name_masked: string } | null;
};
