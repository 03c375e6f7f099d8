import type { SellerCash } from '@domain/cash-held';
import { formatDateTime } from '@domain/dates';
import { formatUsd, formatVesCents } from '@domain/money';
import { Banknote } from 'lucide-react';
import { useState } from 'react';
import { InlineQueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSellerCash } from '../api/seller-cash';
import { commissionsTexts } from '../texts';
import { CashLine, CashList } from './cash-list';
import { HandoverForm } from './handover-form';

const t = commissionsTexts.cash;

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

/**
 * One seller's cash (decision 062): what they hold for the business and the commission waiting for
 * it, the payments it comes from, the hand-overs recorded and the refunds given back out of it.
 * `canRecord`: the admin's view, with «Registrar entrega».
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
      <CashList
        title={t.receiptsTitle}
        hint={t.receiptsHint}
        empty={t.none}
        emptyHint={t.noneHint}
        items={cash.receipts}
      >
        {(r) => (
          <CashLine
            key={r.payment_id}
            title={t.number(r.raffle_name, r.ticket_number)}
            meta={[formatDateTime(r.created_at)]}
            usd={r.held_cents}
            ves={r.held_ves_cents}
            remark={r.held_cents < r.amount_cents ? t.of(formatUsd(r.amount_cents)) : null}
          />
        )}
      </CashList>
      <CashList title={t.history} empty={t.historyEmpty} items={cash.handovers}>
        {(h) => (
          <CashLine
            key={h.id}
            title={formatDateTime(h.created_at)}
            meta={[t.payments(h.payments), h.created_by_name && t.by(h.created_by_name)]}
            note={h.note}
            usd={h.amount_cents}
            ves={h.amount_ves_cents}
          />
        )}
      </CashList>
      {/* A refund given back out of the seller's cash: why a payment left «Pagos por entregar». */}
      <CashList title={t.refundsTitle} hint={t.refundsHint} empty={t.refundsEmpty} items={cash.refunds}>
        {(r) => (
          <CashLine
            key={r.refund_id}
            title={t.number(r.raffle_name, r.ticket_number)}
            meta={[formatDateTime(r.created_at), r.created_by_name && t.refundBy(r.created_by_name)]}
            note={r.reason}
            usd={r.amount_cents}
            ves={r.amount_ves_cents}
            remark={
              r.amount_cents < r.refund_amount_cents ? t.refundPart(formatUsd(r.refund_amount_cents)) : null
            }
          />
        )}
      </CashList>
    </div>
  );
}
