/**
 * One read per key at a time, shared by every caller that asks while it runs, but only by callers
 * that asked since the last `invalidate`. A caller that arrives after a change must not be handed
 * a read that started before it: a raffle created (and its creator answered) while a home list was
 * being read would otherwise be missing from the next visitor's home page.
 */
export function createReadsInFlight<K, V>() {
  const running = new Map<K, { generation: number; promise: Promise<V> }>();
  let generation = 0;
  return {
    /** The read of `key` started in this generation, or a new one from `load`. */
    read(key: K, load: (startedIn: number) => Promise<V>): Promise<V> {
      const current = running.get(key);
      if (current && current.generation === generation) return current.promise;
      const started = generation;
      const promise = load(started).finally(() => {
        if (running.get(key)?.promise === promise) running.delete(key);
      });
      running.set(key, { generation: started, promise });
      return promise;
    },
    /** Whether nothing was invalidated since `startedIn` (a read's result may then be cached). */
    isCurrent: (startedIn: number) => startedIn === generation,
    /** Reads running now are not handed to anyone else. */
    invalidate() {
      generation++;
    },
  };
}
