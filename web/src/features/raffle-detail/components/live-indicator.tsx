import { cn } from '@/lib/cn';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.live;

/** "En vivo" while the stream is up, "Reconectando…" while it is being recovered. */
export function LiveIndicator({ connected }: { connected: boolean }) {
  return (
    <span
      role="status"
      title={connected ? t.onHint : t.reconnectingHint}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
        connected ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900',
      )}
    >
      <span className="relative flex size-2">
        {connected && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-500 opacity-60" />
        )}
        <span
          className={cn('relative inline-flex size-2 rounded-full', connected ? 'bg-green-600' : 'bg-amber-500')}
        />
      </span>
      {connected ? t.on : t.reconnecting}
    </span>
  );
}
