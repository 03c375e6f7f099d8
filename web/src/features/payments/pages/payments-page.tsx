import { CheckCircle2, Inbox, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { usePaymentCounts } from '../api/get-payment-counts';
import { usePayments } from '../api/get-payments';
import { PaymentCard } from '../components/payment-card';
import { PaymentTabs } from '../components/payment-tabs';
import { PaymentsSkeleton } from '../components/payments-skeleton';
import { usePaymentLocator } from '../hooks/use-payment-locator';
import { usePaymentsStatus } from '../hooks/use-payments-status';
import { useReviewQueue } from '../hooks/use-review-queue';
import { paymentAnchor, paymentFromHash } from '../payment-anchor';
import { paymentsTexts } from '../texts';

const emptyIcons = { pending: Inbox, approved: CheckCircle2, rejected: XCircle } as const;

/**
 * Admin: payments by status; each proof shown in place, approved or rejected (with a reason) in one
 * click. A card decided here stays where it was until the tab changes (use-review-queue.ts).
 */
export function PaymentsPage() {
  const t = paymentsTexts;
  const { status, setStatus } = usePaymentsStatus();
  const counts = usePaymentCounts();
  const list = usePayments(status);
  const queue = useReviewQueue(status, list.data);
  const locate = usePaymentLocator(status, list.data);
  const target = paymentFromHash(useLocation().hash);

  // A link to one payment (a duplicate's "ver el pago anterior") scrolls to its card once it is listed.
  const targetListed = Boolean(target && list.data?.some((p) => p.id === target));
  useEffect(() => {
    if (!target || !targetListed) return;
    const card = document.getElementById(paymentAnchor(target))?.closest('article');
    card?.scrollIntoView({ block: 'start' });
    card?.focus({ preventScroll: true });
  }, [target, targetListed]);

  return (
    <>
      <DashboardPageHeader title={t.title} description={t.description} />
      <PaymentTabs status={status} onStatusChange={setStatus} counts={counts.data}>
        <QueryState query={list} loading={<PaymentsSkeleton />} errorTitle={t.errorTitle}>
          {(payments) =>
            payments.length === 0 && queue.decidedCount === 0 ? (
              <EmptyState
                icon={emptyIcons[status]}
                title={t.empty[status].title}
                description={t.empty[status].description}
              />
            ) : (
              <section aria-label={t.tabs[status]} className="grid gap-3">
                <p className="text-sm text-zinc-600" aria-live="polite">
                  {queue.decidedCount > 0
                    ? t.totalLeft(payments.length, queue.decidedCount)
                    : t.total(payments.length)}
                </p>
                <ul className="grid gap-4">
                  {queue.items.map(({ payment, decided }) => (
                    <li key={payment.id}>
                      <PaymentCard
                        payment={payment}
                        highlighted={target === payment.id}
                        duplicateHref={locate}
                        decided={decided}
                        onDecided={(made) => queue.markDecided(payment, made)}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            )
          }
        </QueryState>
      </PaymentTabs>
    </>
  );
}
