import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One figure of a seller or raffle card: a small label over its value, inside a `<dl>`. */
export function Fact({
  label,
  children,
  className,
  valueClassName,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className={cn('font-medium', valueClassName)}>{children}</dd>
    </div>
  );
}
