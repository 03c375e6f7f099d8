import { LoaderCircle } from 'lucide-react';
import { texts } from '@/config/texts';
import { cn } from '@/lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

type SpinnerProps = { size?: keyof typeof sizes; className?: string; label?: string };

/** Decorative by default; pass `label` when the spinner is the only sign of a wait. */
export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn('animate-spin text-current', sizes[size], className)} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/** Full-area spinner for a screen that is loading. */
export function PageSpinner({ label = texts.common.loading }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-brand-700">
      <Spinner size="lg" label={label} />
    </div>
  );
}
