import { formatUsd, formatVesCents } from '@domain/money';
import { displayName } from '@domain/names';
import type { StatementPayment } from '@domain/reconciliation';
import { CheckCircle2 } from 'lucide-react';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { reconciliationTexts } from '../texts';

const t = reconciliationTexts.rows;

/** The payments a credit matched: number and raffle, buyer, amount in USD and in Bs at its rate. */
export function MatchedPayments({ payments }: { payments: StatementPayment[] }) {
  if (payments.length === 0) return <p className="text-sm text-zinc-500">{t.noPayment}</p>;
  return (
    <ul className="grid gap-2">
      {payments.map((payment) => (
        <li key={payment.id} className="grid gap-0.5 text-sm" data-testid="matched-payment">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium text-zinc-900">
              {t.ticket(payment.ticket_number, payment.raffle_name)}
            </span>
            <PaymentStatusBadge status={payment.status} />
          </span>
          <span className="text-zinc-700">{displayName(payment.buyer_name) ?? t.noName}</span>
          <span className="text-zinc-600 tabular-nums">
            {formatUsd(payment.amount_cents)} ·{' '}
            {payment.expected_ves_cents === null
              ? t.noRate
              : t.expected(formatVesCents(payment.expected_ves_cents))}
            {payment.reference && <span className="font-mono"> · {payment.reference}</span>}
          </span>
          {payment.confirmed && (
            <span className="flex items-center gap-1 text-xs font-medium text-sky-800">
              <CheckCircle2 aria-hidden className="size-3.5" />
              {t.confirmed}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
