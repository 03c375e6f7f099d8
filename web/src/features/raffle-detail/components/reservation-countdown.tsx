import { useEffect, useState } from 'react';
import { serverNow } from '@/lib/server-clock';
import { orderTexts as t } from '../order-texts';

/** "1:59:30" (or "09:05" under an hour) left until `until`; null once it passed. */
export function timeLeft(until: string, now: number): string | null {
  const ms = new Date(until).getTime() - now;
  if (!(ms > 0)) return null;
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * How long the buyer has left to report a payment before the numbers go back on sale, ticking
 * every second, by the server's clock (the one that releases them). Read aloud only when asked (no
 * live region: a screen reader would speak every tick).
 */
export function ReservationCountdown({ until }: { until: string }) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(until, now);
  return (
    <p className="text-sm font-medium text-brand-900" data-testid="reservation-countdown">
      {left ? (
        <>
          {t.countdown} <span className="font-bold tabular-nums">{left}</span>
        </>
      ) : (
        t.countdownOver
      )}
    </p>
  );
}
