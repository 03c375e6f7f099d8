/** Who writes the live streams of a test app: the server's process, or its fan-out process (decision 067). */
export const LIVE_FANOUT_MODES = [
  ['inline', false],
  ['fan-out process', true],
] as const;

/** Opens a raffle's live stream and reads it as text until closed (a browser's EventSource, by hand). */
export async function openRaffleStream(
  baseUrl: string,
  raffleId: string,
  headers: Record<string, string> = {},
  query = '',
) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/raffles/${raffleId}/events${query}`, {
    signal: controller.signal,
    headers,
  });
  let text = '';
  const pump = (async () => {
    if (res.status !== 200) return;
    const decoder = new TextDecoder();
    const reader = res.body?.getReader();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    res,
    text: () => text,
    /** The `id:` of every event received, in order. */
    ids: () => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
