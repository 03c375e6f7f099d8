import { countdownText, countdownMessages as t } from '@domain/countdown';
import { Hourglass, Lock } from 'lucide-react';
import { useClock } from '@/hooks/use-clock';
import { cn } from '@/lib/cn';

/**
 * "Cierra en 2 h 10 min 05 s" ticking down to the closing date, then "Ventas cerradas" by itself.
 * `role="timer"` keeps screen readers from reading every second; they read it when they reach it.
 */
export function SalesCountdown({ closingDate, className }: { closingDate: string; className?: string }) {
  const now = useClock();
  const left = countdownText(closingDate, now);
  const Icon = left ? Hourglass : Lock;
  return (
    <span
      role="timer"
      data-testid="sales-countdown"
      className={cn(
        'inline-flex items-center gap-1.5 text-sm font-semibold tabular-nums',
        left ? 'text-brand-800' : 'text-zinc-600',
        className,
      )}
    >
      <Icon aria-hidden className="size-4 shrink-0" />
      {left ? t.closesIn(left) : t.salesClosed}
    </span>
  );
}
