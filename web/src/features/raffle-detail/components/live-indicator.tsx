import { cn } from '@/lib/cn';
import type { LiveStatus } from '../hooks/use-raffle-live';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.live;

const look: Record<LiveStatus, { label: string; hint: string; pill: string; dot: string }> = {
  open: { label: t.on, hint: t.onHint, pill: 'bg-green-50 text-green-800', dot: 'bg-green-600' },
  connecting: { label: t.connecting, hint: t.onHint, pill: 'bg-zinc-100 text-zinc-700', dot: 'bg-zinc-400' },
  reconnecting: {
    label: t.reconnecting,
    hint: t.reconnectingHint,
    pill: 'bg-amber-50 text-amber-900',
    dot: 'bg-amber-500',
  },
};

/** "En vivo" while the stream is up, "Reconectando…" while it is being recovered. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { label, hint, pill, dot } = look[status];
  return (
    <span
      role="status"
      title={hint}
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium', pill)}
    >
      <span className="relative flex size-2">
        {status === 'open' && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-500 opacity-60" />
        )}
        <span className={cn('relative inline-flex size-2 rounded-full', dot)} />
      </span>
      {label}
    </span>
  );
}
