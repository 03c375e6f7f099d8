import { Clock, TimerOff } from 'lucide-react';
import { useNow } from '../hooks/use-now';
import { reviewWindow } from '../review-window';
import { paymentsTexts } from '../texts';

const t = paymentsTexts.card;

/** "Quedan 31 h para revisar" while a pending payment holds its numbers; a warning once it no longer does. */
export function ReviewWindowNote({ reviewUntil }: { reviewUntil: string | null }) {
  const left = reviewWindow(reviewUntil, useNow());
  if (left.kind === 'none') return null;
  if (left.kind === 'expired') {
    return (
      <p className="inline-flex w-fit items-center gap-1.5 rounded-full border border-red-200 bg-red-50 px-2.5 py-1 text-xs font-medium text-red-800">
        <TimerOff aria-hidden className="size-3.5" />
        {t.windowExpired}
      </p>
    );
  }
  return (
    <p
      title={t.windowHint}
      className="inline-flex w-fit items-center gap-1.5 rounded-full border border-amber-200 bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900"
    >
      <Clock aria-hidden className="size-3.5" />
      {left.kind === 'hours' ? t.windowLeftHours(left.hours) : t.windowLeftMinutes(left.minutes)}
    </p>
  );
}
