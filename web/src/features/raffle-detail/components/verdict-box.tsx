import { CircleCheck, CircleX, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { verificationTexts } from '../verification-texts';

export type VerdictTone = 'ok' | 'bad' | 'warn' | 'info';

const look: Record<VerdictTone, { box: string; Icon: typeof CircleCheck; label: string }> = {
  ok: {
    box: 'border-green-300 bg-green-50 text-green-900',
    Icon: CircleCheck,
    label: verificationTexts.icons.ok,
  },
  bad: { box: 'border-red-300 bg-red-50 text-red-900', Icon: CircleX, label: verificationTexts.icons.bad },
  warn: {
    box: 'border-amber-300 bg-amber-50 text-amber-950',
    Icon: TriangleAlert,
    label: verificationTexts.icons.warn,
  },
  info: { box: 'border-zinc-300 bg-zinc-50 text-zinc-800', Icon: Info, label: '' },
};

type VerdictBoxProps = {
  tone: VerdictTone;
  title: string;
  children?: ReactNode;
  testId?: string;
};

/** A check's outcome: an icon and words, never the colour alone (the title says what was proven). */
export function VerdictBox({ tone, title, children, testId }: VerdictBoxProps) {
  const { box, Icon, label } = look[tone];
  return (
    <div
      data-testid={testId}
      data-tone={tone}
      className={cn('grid gap-1.5 rounded-lg border p-3 text-sm', box)}
    >
      <p className="flex items-start gap-2 text-base font-semibold">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <span>
          {label && <span className="sr-only">{label}: </span>}
          {title}
        </span>
      </p>
      {children}
    </div>
  );
}
