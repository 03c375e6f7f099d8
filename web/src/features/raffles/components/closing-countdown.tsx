import { formatDateTime } from '@domain/dates';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { serverNow } from '@/lib/server-clock';
import { dashboardTexts } from '../dashboard-texts';

/** "3 d 4 h", "4 h 10 min", "25 min" until `closingDate`; null once it has passed. */
export function timeLeft(closingDate: string, now: number = Date.now()): string | null {
  const ms = new Date(closingDate).getTime() - now;
  if (!(ms > 0)) return null;
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${Math.max(mins, 1)} min`;
}

/** Re-renders every minute so an open dashboard never shows a stale countdown (the server's time). */
function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "Cierra en 3 d 4 h" (with the exact date on hover) or "Cerrada". */
export function ClosingCountdown({
  closingDate,
  className,
}: {
  closingDate: string | null;
  className?: string;
}) {
  const now = useNow();
  const t = dashboardTexts.card;
  const left = closingDate ? timeLeft(closingDate, now) : null;
  const label = !closingDate ? t.noClosingDate : left ? t.closesIn(left) : t.closed;
  return (
    <p
      className={cn('flex items-center gap-1.5 text-sm', left ? 'text-zinc-700' : 'text-zinc-500', className)}
      title={closingDate ? formatDateTime(closingDate) : undefined}
    >
      <Clock aria-hidden className="size-4 shrink-0" />
      <span>{label}</span>
      {closingDate && <span className="text-zinc-500">· {formatDateTime(closingDate)}</span>}
    </p>
  );
}
