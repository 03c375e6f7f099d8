import { countField, instantField, raffleIdParams } from './api';
import { drawTimestampSchema } from './draw-seal';
import { DRAW_KINDS, LOTTERY_RULES } from './draw-terms';
import { MAX_EXTRA_PRIZES, MAX_PRIZES, PRIZE_REPEAT_RULES } from './prize-rules';
import { uploadUrlField } from './uploads';
import { z } from './zod';

/**
 * Several prizes (issue 23, decision 042): the schemas of the create/edit body and of the answers.
 * The rules themselves are in prize-rules.ts (no zod: the public page imports them).
 */

/** One additional prize as the create/edit body sends it (the 2.º, 3.º, … in order). */
export const prizeInputSchema = z
  .object({
    title: z.string().trim().min(2, 'Escribe el nombre del premio').max(120),
    description: z.string().trim().max(2000).default(''),
    image: uploadUrlField().nullable().default(null),
    draw_kind: z.enum(DRAW_KINDS, 'Elige lotería o número aleatorio público'),
    draw_lottery: z
      .string()
      .trim()
      .min(2, 'Escribe el nombre de la lotería')
      .max(120)
      .nullable()
      .default(null),
    draw_at: z.iso.datetime({ offset: true, message: 'Fecha del sorteo inválida' }).nullable().default(null),
    draw_rule: z.enum(LOTTERY_RULES, 'Regla de sorteo inválida').nullable().default(null),
    /** A pre-sorteo: drawn at this date (before the close) among the numbers fully paid then. */
    pre_draw_at: z.iso
      .datetime({ offset: true, message: 'Fecha del pre-sorteo inválida' })
      .nullable()
      .default(null),
  })
  .strict();
export type PrizeInput = z.output<typeof prizeInputSchema>;

export const prizesField = z
  .array(prizeInputSchema)
  .max(MAX_EXTRA_PRIZES, `Puedes agregar como máximo ${MAX_EXTRA_PRIZES} premios además del principal`);
export const prizeRepeatRuleField = z.enum(PRIZE_REPEAT_RULES, 'Elige qué pasa si un número repite');

const beaconSchema = z.object({
  round: z.int(),
  randomness: z.string().nullable(),
  signature: z.string().nullable(),
  chain_hash: z.string(),
  time: instantField,
});

/** A prize in the public raffle answer and the draw view: position 1 is the raffle's own prize. */
export const prizeViewSchema = z.object({
  position: countField,
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** A pre-sorteo's date (drawn among the numbers fully paid then), or null for a main prize. */
  pre_draw_at: instantField.nullable(),
  source: z.object({
    kind: z.enum(DRAW_KINDS).nullable(),
    lottery: z.string().nullable(),
    draw_at: instantField.nullable(),
    rule: z.string().nullable(),
    rule_text: z.string().nullable(),
    /** The drand round once fixed (a main prize: when it is due; a pre-sorteo: when its list is sealed). */
    beacon: beaconSchema.nullable(),
  }),
  result: z.string().nullable(),
  winning_number: z.int().nullable(),
  drawn_at: instantField.nullable(),
  /** Drawn with no winner: its number already won (rule sin_ganador) or was not eligible (pre-sorteo). */
  void_reason: z.enum(['repetido', 'no_elegible']).nullable(),
  /** Results or rounds passed over because their number already won (rule siguiente_resultado). */
  /**
   * When the lottery draw that gave `result` took place, for a next result (decision 084); null: the
   * declared `source.draw_at`.
   */
  result_at: instantField.nullable(),
  skipped: z.array(
    z.object({
      result: z.string().nullable(),
      round: z.int().nullable(),
      number: z.int(),
      /** The lottery draw it came from; null: the declared `source.draw_at` (the first result). */
      result_at: instantField.nullable(),
    }),
  ),
  winner: z.object({ ticket_number: z.string(), buyer_name_masked: z.string() }).nullable(),
  /** A pre-sorteo's sealed list once frozen: downloaded from `list_url`, root in `commitment`. */
  pre_list: z
    .object({
      frozen_at: instantField,
      commitment: z.string(),
      line_count: z.int(),
      audit_head: z.string().nullable(),
      list_url: z.string(),
      /** Its RFC 3161 seal, as the main draw's `timestamp` (null: no authority configured). */
      timestamp: drawTimestampSchema.nullable(),
    })
    .nullable(),
});
export type PrizeView = z.infer<typeof prizeViewSchema>;

/** `GET /api/raffles/:id/prizes/:position/list.txt`: a pre-sorteo's sealed list. */
export const preDrawListParams = raffleIdParams.extend({
  position: z.coerce
    .number()
    .int('Premio inválido')
    .min(2, 'Premio inválido')
    .max(MAX_PRIZES, 'Premio inválido'),
});
