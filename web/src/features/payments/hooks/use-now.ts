import { useEffect, useState } from 'react';
import { serverNow } from '@/lib/server-clock';

/**
 * The server's current time (decision 064: the review window ends when the server releases the
 * numbers, not by a laptop's clock minutes off), updated every `everyMs` (a countdown in hours needs
 * no more than a minute).
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverNow()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
