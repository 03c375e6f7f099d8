/*
 * The commitment half of instant-win numbers (domain/instant-wins.ts has the schemas): no zod, so
 * the closed raffle page recomputes it without the validation library. Format: docs/verification.md.
 */
import { type Sha256, toHex } from './verification';

/** A number chosen before the first sale and the small prize its fully paid buyer wins at once. */
export type InstantWin = { number: number; prize: string };

/** The same list sorted by number: the order it is stored, committed and published in. */
export const sortedInstantWins = <T extends InstantWin>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => a.number - b.number);

/**
 * The committed text: one line `<number>:<prize>\n` per instant win in number order (the number in
 * decimal without leading zeros, the prize as stored), then the salt as 64 lowercase hex digits.
 */
export const instantWinCommitmentText = (list: readonly InstantWin[], saltHex: string) =>
  `${sortedInstantWins(list)
    .map((w) => `${w.number}:${w.prize}\n`)
    .join('')}${saltHex}`;

/** The commitment: lowercase hex SHA-256 of the committed text in UTF-8. */
export const instantWinCommitment = (sha256: Sha256, list: readonly InstantWin[], saltHex: string) =>
  toHex(sha256(new TextEncoder().encode(instantWinCommitmentText(list, saltHex))));

/** Whether two lists are the same instant wins, in any order. */
export const sameInstantWins = (a: readonly InstantWin[], b: readonly InstantWin[]) =>
  instantWinCommitmentText(a, '') === instantWinCommitmentText(b, '');
