import { asLotteryRule, DRAW_KINDS, LOTTERY_RULES } from '@domain/draw-terms';
import type { PrizeView } from '@domain/prizes';
import { z } from '@domain/zod';
import { caracasLocalToIso, isoToCaracasLocal } from './caracas-datetime';
import { formTexts } from './form-texts';

// The "Premios adicionales" rows of the raffle form (issue 23, decision 042): what people type,
// turned into the API's `prizes` (the shared schema checks them again on the way out).

const text = z
  .string()
  .trim()
  .transform((s) => (s === '' ? null : s));
const caracasTime = (message: string) =>
  text.transform((s, ctx) => {
    if (s === null) return null;
    const iso = caracasLocalToIso(s);
    if (!iso) ctx.addIssue({ code: 'custom', message });
    return iso;
  });

export const prizeFormRow = z
  .object({
    title: z.string(),
    description: z.string(),
    image: z.string(),
    draw_kind: z.enum(DRAW_KINDS),
    draw_lottery: text,
    draw_at: caracasTime(formTexts.validation.drawAt),
    draw_rule: z.enum(LOTTERY_RULES),
    pre_draw: z.boolean(),
    pre_draw_at: caracasTime(formTexts.prizes.preDrawAtInvalid),
  })
  .transform((row) => {
    const lottery = row.draw_kind === 'loteria';
    return {
      title: row.title.trim(),
      description: row.description.trim(),
      image: row.image || null,
      draw_kind: row.draw_kind,
      draw_lottery: lottery ? row.draw_lottery : null,
      draw_at: lottery ? row.draw_at : null,
      draw_rule: lottery ? row.draw_rule : null,
      pre_draw_at: row.pre_draw ? row.pre_draw_at : null,
    };
  });
export type PrizeFormRow = z.input<typeof prizeFormRow>;

export const emptyPrizeRow = (): PrizeFormRow => ({
  title: '',
  description: '',
  image: '',
  draw_kind: 'loteria',
  draw_lottery: '',
  draw_at: '',
  draw_rule: 'ultimos_digitos',
  pre_draw: false,
  pre_draw_at: '',
});

/** An additional prize of a stored raffle as the form holds it. */
export const prizeToRow = (prize: PrizeView): PrizeFormRow => ({
  title: prize.title,
  description: prize.description,
  image: prize.image ?? '',
  draw_kind: prize.source.kind ?? 'loteria',
  draw_lottery: prize.source.lottery ?? '',
  draw_at: isoToCaracasLocal(prize.source.draw_at),
  draw_rule: asLotteryRule(prize.source.rule) ?? 'ultimos_digitos',
  pre_draw: prize.pre_draw_at !== null,
  pre_draw_at: isoToCaracasLocal(prize.pre_draw_at),
});

/** Whether each additional prize's pre-sorteo list is sealed (from then on that prize does not change). */
export const sealedPrizes = (stored: PrizeView[]) => stored.map((prize) => prize.pre_list !== null);

/**
 * Once the terms are locked the sources cannot change: the edit sends each prize's text over its
 * stored source (the same count and order), so a time the form rounds to minutes never trips it.
 * A prize whose pre-sorteo list is sealed is sent exactly as stored (PRE_DRAW_SEALED otherwise).
 */
export function prizesOverStoredSources<
  P extends { title: string; description: string; image: string | null },
>(rows: P[], stored: PrizeView[]) {
  return stored.map((prize, i) => {
    const row = prize.pre_list === null ? rows[i] : undefined;
    return {
      title: row?.title ?? prize.title,
      description: row?.description ?? prize.description,
      image: row ? row.image : prize.image,
      draw_kind: prize.source.kind ?? 'drand',
      draw_lottery: prize.source.lottery,
      draw_at: prize.source.draw_at,
      draw_rule: asLotteryRule(prize.source.rule),
      pre_draw_at: prize.pre_draw_at,
    };
  });
}
