import { Ticket } from 'lucide-react';
import { texts } from '@/config/texts';
import { cn } from '@/lib/cn';

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-lg font-bold tracking-tight text-zinc-900',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Ticket aria-hidden className="size-5" />
      </span>
      {texts.brand}
    </span>
  );
}
