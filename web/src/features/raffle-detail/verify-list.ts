import { merkleLevels, merkleRoot, soldListLines, toHex } from '@domain/verification';
import { browserSha256, isMerkle, type SealedDraw } from './sealed-draw';

export type ListVerdict = {
  match: boolean;
  /** The fingerprint this browser computed from the downloaded text. */
  computed: string;
  lines: number;
};

/**
 * The whole published list, fingerprinted again in the browser: the Merkle root of its lines
 * (version 2) or the flat SHA-256 of the text (version 1, raffles closed before Merkle roots).
 */
export function verifyList(text: string, draw: SealedDraw): ListVerdict {
  const lines = soldListLines(text);
  const computed = isMerkle(draw)
    ? toHex(merkleRoot(browserSha256, merkleLevels(browserSha256, lines)))
    : toHex(browserSha256(new TextEncoder().encode(text)));
  return { match: computed === (draw.draw_commitment ?? '').toLowerCase(), computed, lines: lines.length };
}
