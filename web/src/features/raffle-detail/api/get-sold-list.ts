import type { SealedDraw } from '../sealed-draw';

/**
 * The published `.txt` exactly as served (`sold_list_url`), so the browser fingerprints the same
 * bytes anyone downloads; the text inside the draw answer when there is no file or it fails.
 */
export async function getSoldList(draw: SealedDraw, signal?: AbortSignal): Promise<string> {
  if (!draw.sold_list_url) return draw.sold_list ?? '';
  try {
    const response = await fetch(draw.sold_list_url, { signal, headers: { Accept: 'text/plain' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.text();
  } catch (error) {
    if (signal?.aborted || draw.sold_list === null) throw error;
    return draw.sold_list;
  }
}
