/*
 * How a raffle's declared draw source reads on screen (issue 19): the staff form, the register
 * dialog, the public raffle page and the home cards say it the same way. No zod: the public page
 * imports it.
 */
import { formatDateTime } from './dates';
import type { DrawKind } from './draw-terms';

export const drawKindLabels: Record<DrawKind, string> = {
  loteria: 'Lotería',
  drand: 'Faro público drand (League of Entropy)',
};

/** drand quicknet (League of Entropy): the chain every drand draw uses, and its clock. */
export const DRAND_QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  genesisSeconds: 1_692_803_367,
  periodSeconds: 3,
} as const;

/** Where anyone reads a quicknet round (randomness and signature) without us. */
export const drandRoundUrl = (round: number) =>
  `https://api.drand.sh/${DRAND_QUICKNET.chainHash}/public/${round}`;

/** When a quicknet round comes out (round 1 at genesis, one every period). */
export const drandRoundTime = (round: number) =>
  new Date((DRAND_QUICKNET.genesisSeconds + (round - 1) * DRAND_QUICKNET.periodSeconds) * 1000);

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
