import type { CashHandover, CashReceipt, CashRefund, SellerCash } from '@domain/cash-held';
import { formatDateTime } from '@domain/dates';
import { formatUsd, formatVesCents } from '@domain/money';
import { Banknote } from 'lucide-react';
import { useState } from 'react';
import { InlineQueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSellerCash } from '../api/seller-cash';
import { commissionsTexts } from '../texts';
import { HandoverForm } from './handover-form';

const t = commissionsTexts.cash;

function Money({ usd, ves }: { usd: number; ves: number | null }) {
  return (
    <>
      <span className="font-semibold text-zinc-900">{formatUsd(usd)}</span>
      {ves !== null && <span className="block text-xs text-zinc-500">{formatVesCents(ves)}</span>}
    </>
  );
}

function Summary({ cash }: { cash: SellerCash }) {
  return (
    <dl className="grid grid-cols-2 gap-2" data-testid="cash-summary">
      <div className="grid content-start gap-0.5 rounded-xl border border-amber-200 bg-amber-50 p-3">
        <dt className="text-xs font-medium text-amber-900">{t.held}</dt>
        <dd className="tabular-nums">
          <span className="text-xl font-bold text-amber-900">{formatUsd(cash.held_cents)}</span>
          {cash.held_ves_cents !== null && (
            <span className="block text-xs text-amber-900">{formatVesCents(cash.held_ves_cents)}</span>
          )}
        </dd>
        <dd className="text-xs text-amber-900">{t.payments(cash.payments)}</dd>
      </div>
      <div className="grid content-start gap-0.5 rounded-xl border border-zinc-200 bg-white p-3">
        <dt className="text-xs font-medium text-zinc-600">{t.heldCommission}</dt>
        <dd className="text-xl font-bold text-zinc-900 tabular-nums">
          {formatUsd(cash.held_commission_cents)}
        </dd>
      </div>
    </dl>
  );
}

function ReceiptRow({ receipt }: { receipt: CashReceipt }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="grid min-w-0">
        <span className="text-sm font-medium break-words text-zinc-900">
          {t.number(receipt.raffle_name, receipt.ticket_number)}
        </span>
        <span className="text-xs text-zinc-500">{formatDateTime(receipt.created_at)}</span>
      </div>
      <div className="shrink-0 text-right text-sm tabular-nums">
        <Money usd={receipt.held_cents} ves={receipt.held_ves_cents} />
        {receipt.held_cents < receipt.amount_cents && (
          <span className="block text-xs text-zinc-500">{t.of(formatUsd(receipt.amount_cents))}</span>
        )}
      </div>
    </li>
  );
}

function HandoverRow({ handover }: { handover: CashHandover }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="grid min-w-0">
        <span className="text-sm font-medium text-zinc-900">{formatDateTime(handover.created_at)}</span>
        <span className="text-xs text-zinc-500">
          {[t.payments(handover.payments), handover.created_by_name && t.by(handover.created_by_name)]
            .filter(Boolean)
            .join(' · ')}
        </span>
        {handover.note && <span className="text-xs break-words text-zinc-700">{handover.note}</span>}
      </div>
      <div className="shrink-0 text-right text-sm tabular-nums">
        <Money usd={handover.amount_cents} ves={handover.amount_ves_cents} />
      </div>
    </li>
  );
}

/** A refund given back out of the seller's cash: why the payment left «Pagos por entregar». */
function RefundRow({ refund }: { refund: CashRefund }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="grid min-w-0">
        <span className="text-sm font-medium break-words text-zinc-900">
          {t.number(refund.raffle_name, refund.ticket_number)}
        </span>
        <span className="text-xs text-zinc-500">{formatDateTime(refund.created_at)}</span>
        <span className="text-xs break-words text-zinc-700">{refund.reason}</span>
      </div>
      <div className="shrink-0 text-right text-sm tabular-nums">
        <span className="font-semibold text-zinc-900">{formatUsd(refund.amount_cents)}</span>
        {refund.amount_cents < refund.refund_amount_cents && (
          <span className="block text-xs text-zinc-500">
            {t.refundPart(formatUsd(refund.refund_amount_cents))}
          </span>
        )}
      </div>
    </li>
  );
}

/**
 * One seller's cash (decision 062): what they hold for the business and the commission waiting for
 * it, the payments it comes from, the hand-overs recorded and the refunds given back out of it. `canRecord`: the admin's view, with
 * «Registrar entrega».
 */
export function CashHeldPanel({
  sellerId,
  sellerName,
  canRecord = false,
}: {
  sellerId: string;
  sellerName: string;
  canRecord?: boolean;
}) {
  const query = useSellerCash(sellerId);
  const [recording, setRecording] = useState(false);
  if (query.isPending)
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-20" />
        <Skeleton className="h-24" />
      </div>
    );
  if (query.isError)
    return (
      <InlineQueryError
        message={t.loadError}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  const cash = query.data;
  return (
    <div className="grid gap-4" data-testid="cash-panel">
      <Summary cash={cash} />
      {canRecord &&
        (recording ? (
          <HandoverForm cash={cash} sellerName={sellerName} onDone={() => setRecording(false)} />
        ) : (
          <Button
            className="w-full sm:w-fit"
            disabled={cash.held_cents <= 0}
            onClick={() => setRecording(true)}
          >
            <Banknote aria-hidden />
            {t.record}
          </Button>
        ))}
      <section className="grid gap-1">
        <h3 className="font-semibold text-zinc-900">{t.receiptsTitle}</h3>
        {cash.receipts.length === 0 ? (
          <div className="rounded-lg border border-dashed border-zinc-300 p-3 text-sm text-zinc-600">
            <p className="font-medium text-zinc-800">{t.none}</p>
            <p>{t.noneHint}</p>
          </div>
        ) : (
          <>
            <p className="text-xs text-zinc-500">{t.receiptsHint}</p>
            <ul className="divide-y divide-zinc-100" aria-label={t.receiptsTitle}>
              {cash.receipts.map((r) => (
                <ReceiptRow key={r.payment_id} receipt={r} />
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="grid gap-1">
        <h3 className="font-semibold text-zinc-900">{t.history}</h3>
        {cash.handovers.length === 0 ? (
          <p className="text-sm text-zinc-600">{t.historyEmpty}</p>
        ) : (
          <ul className="divide-y divide-zinc-100" aria-label={t.history}>
            {cash.handovers.map((h) => (
              <HandoverRow key={h.id} handover={h} />
            ))}
          </ul>
        )}
      </section>
      <section className="grid gap-1">
        <h3 className="font-semibold text-zinc-900">{t.refundsTitle}</h3>
        {cash.refunds.length === 0 ? (
          <p className="text-sm text-zinc-600">{t.refundsEmpty}</p>
        ) : (
          <>
            <p className="text-xs text-zinc-500">{t.refundsHint}</p>
            <ul className="divide-y divide-zinc-100" aria-label={t.refundsTitle}>
              {cash.refunds.map((r) => (
                <RefundRow key={r.refund_id} refund={r} />
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
