import { PAYMENT_STATUSES, type PaymentCounts, type PaymentStatus } from '@domain/payments';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { paymentsTexts } from '../texts';

type PaymentTabsProps = {
  status: PaymentStatus;
  onStatusChange: (status: string) => void;
  counts: PaymentCounts | undefined;
  /** The open tab's content (the others stay empty: only one list loads at a time). */
  children: ReactNode;
};

const t = paymentsTexts;

/** Pendientes / Aprobados / Rechazados with their counts; the page keeps the open one in the URL. */
export function PaymentTabs({ status, onStatusChange, counts, children }: PaymentTabsProps) {
  return (
    <TabsPrimitive.Root
      value={status}
      onValueChange={onStatusChange}
      // Manual: a click changes the tab once (automatic activation also fires on focus, adding a
      // second history entry); arrow keys move focus without loading every list on the way.
      activationMode="manual"
      className="grid gap-5"
    >
      <TabsPrimitive.List
        aria-label={t.tabsLabel}
        className="grid grid-cols-3 gap-1 rounded-xl border border-zinc-200 bg-zinc-100 p-1 sm:w-fit"
      >
        {PAYMENT_STATUSES.map((value) => {
          const n = counts?.[value];
          return (
            <TabsPrimitive.Trigger
              key={value}
              value={value}
              className={cn(
                // On a phone the count goes under the name, so "Rechazados" never gets cut.
                'flex min-h-11 min-w-0 flex-col items-center justify-center gap-0.5 rounded-lg px-1 py-1.5 text-sm font-medium text-zinc-700 transition-colors hover:text-zinc-900 sm:flex-row sm:gap-1.5 sm:px-4 sm:py-0',
                'data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm',
              )}
            >
              <span className="truncate">{t.tabs[value]}</span>
              {n !== undefined && (
                <>
                  <span
                    aria-hidden
                    className={cn(
                      'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums',
                      value === 'pending' && n > 0
                        ? 'bg-amber-200 text-amber-950'
                        : 'bg-zinc-200 text-zinc-800',
                    )}
                  >
                    {n}
                  </span>
                  <span className="sr-only">({t.countLabel(n)})</span>
                </>
              )}
            </TabsPrimitive.Trigger>
          );
        })}
      </TabsPrimitive.List>
      {PAYMENT_STATUSES.map((value) => (
        <TabsPrimitive.Content
          key={value}
          value={value}
          forceMount
          className="focus-visible:outline-offset-4 data-[state=inactive]:hidden"
        >
          {value === status && children}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
