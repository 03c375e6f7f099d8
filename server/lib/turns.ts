/**
 * At most `size` holders at once; the others wait in the order they came (a semaphore). `take`
 * answers the function that gives the turn back (calling it twice gives back once), or null when
 * `signal` aborted before a turn came: the one who left takes no turn and holds no place.
 */
export function createTurns(size: number) {
  let free = size;
  const queue: ((release: () => void) => void)[] = [];

  const giveBack = () => {
    const next = queue.shift();
    if (next) next(turn());
    else free++;
  };
  const turn = () => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      giveBack();
    };
  };

  return {
    take(signal: AbortSignal): Promise<(() => void) | null> {
      if (signal.aborted) return Promise.resolve(null);
      if (free > 0) {
        free--;
        return Promise.resolve(turn());
      }
      return new Promise((resolve) => {
        const granted = (release: () => void) => {
          signal.removeEventListener('abort', leave);
          resolve(release);
        };
        const leave = () => {
          queue.splice(queue.indexOf(granted), 1);
          resolve(null);
        };
        signal.addEventListener('abort', leave, { once: true });
        queue.push(granted);
      });
    },
    /** Turns held now. */
    held: () => size - free,
    /** Takers waiting for a turn. */
    waiting: () => queue.length,
  };
}
