/*
 * How a raffle's declared draw source reads on screen (issue 19): the staff form, the register
 * dialog, the public raffle page and the home cards say it the same way. No zod: the public page
 * imports it.
 */
import { formatDateTime } from './dates';
import type { DrawKind } from './draw-terms';

export const drawKindLabels: Record<DrawKind, string> = {
  loteria: 'Lotería',
  drand: 'Número aleatorio público (drand)',
};

type DeclaredSource = {
  draw_kind: DrawKind | null;
  draw_lottery: string | null;
  draw_at: string | null;
  draw_source: string | null;
};

/**
 * The source in a few words: "Triple Táchira, 21 nov 2026, 10:00 p. m." for a lottery, the beacon's
 * name for drand, and the free text of a raffle that declared none (before issue 19), or null.
 */
export function declaredSourceText(raffle: DeclaredSource): string | null {
  if (raffle.draw_kind === 'loteria' && raffle.draw_lottery) {
    return raffle.draw_at ? `${raffle.draw_lottery}, ${formatDateTime(raffle.draw_at)}` : raffle.draw_lottery;
  }
  if (raffle.draw_kind === 'drand') return drawKindLabels.drand;
  return raffle.draw_source;
}
