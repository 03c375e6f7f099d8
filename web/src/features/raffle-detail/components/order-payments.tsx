import { formatDateTime } from '@domain/dates';
import { formatBs, formatUsd } from '@domain/money';
import type { OrderView } from '@domain/orders';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { Card } from '@/components/ui/card';
import type { VesRate } from '@/lib/exchange-rates';
import { orderTexts } from '../order-texts';

const t = orderTexts;
const bsFormat = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The payments sent for the order: amount (Bs as paid, or at today's rate), date, status, why rejected. */
export function OrderPayments({ payments, rate }: { payments: OrderView['payments']; rate: VesRate }) {
  if (payments.length === 0) return null;
  return (
    <Card className="grid gap-3 p-5">
      <h3 className="text-base font-semibold text-zinc-900">{t.payments}</h3>
      <ul className="grid gap-2" data-testid="order-payments">
        {payments.map((payment) => {
          const bs =
            payment.amount_ves_cents !== null
              ? `Bs ${bsFormat.format(payment.amount_ves_cents / 100)}`
              : rate.rate
                ? formatBs(payment.amount_cents, rate.rate)
                : null;
          const amount = bs ? `${formatUsd(payment.amount_cents)} / ${bs}` : formatUsd(payment.amount_cents);
          return (
            <li key={payment.id} className="grid gap-1 rounded-lg border border-zinc-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-zinc-800 tabular-nums">
                  {t.paymentLine(amount, formatDateTime(payment.created_at))}
                </span>
                <PaymentStatusBadge status={payment.status} />
              </div>
              {payment.status === 'rejected' && (
                <p className="rounded-md bg-red-50 px-2 py-1 text-xs text-red-800">
                  {payment.rejection_reason ? t.rejected(payment.rejection_reason) : t.rejectedNoReason}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
