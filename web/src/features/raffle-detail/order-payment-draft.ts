import { forgetTab, isRecord, keepTab, readTab, TAB_DAY_MS } from '@/lib/tab-storage';
import type { OrderPaymentFormInput } from './order-payment-schema';

/**
 * What the buyer typed in «Enviar comprobante» and the proof they already uploaded, until it is
 * sent. The buyer leaves for the bank app to pay and to copy the reference; a phone short of memory
 * discards the tab meanwhile, and the reload must not make them type and upload it all again. Kept
 * for this tab (sessionStorage), like the order's visit; a day old, it is no longer worth offering.
 */
export type OrderPaymentDraft = {
  values: Partial<OrderPaymentFormInput>;
  proof: { fileName: string; fileUrl: string } | null;
  /** How many payments the order listed while it was typed: one more means it was sent. */
  paymentsBefore: number;
  savedAt: number;
};

const key = (code: string) => `rifas:pago:${code}`;

/**
 * The draft of this order, unless the order lists a payment more than when it was typed: the
 * report went (its answer lost, the tab reloaded mid-sending) and must not be offered again.
 */
export function readPaymentDraft(code: string, payments: number, now = Date.now()): OrderPaymentDraft | null {
  const draft = readTab(key(code), (stored) => (isPaymentDraft(stored) ? stored : null), {
    maxAgeMs: TAB_DAY_MS,
    now,
  });
  return draft && payments <= draft.paymentsBefore ? draft : null;
}

function isPaymentDraft(value: unknown): value is OrderPaymentDraft {
  return (
    isRecord(value) &&
    typeof value.values === 'object' &&
    value.values !== null &&
    (value.proof === null || (isRecord(value.proof) && typeof value.proof.fileUrl === 'string')) &&
    typeof value.paymentsBefore === 'number'
  );
}

/** Keeps what is typed now; a draft already kept counts the order's payments from its start. */
export function keepPaymentDraft(
  code: string,
  draft: Pick<OrderPaymentDraft, 'values' | 'proof'>,
  payments: number,
) {
  const paymentsBefore = readPaymentDraft(code, payments)?.paymentsBefore ?? payments;
  keepTab(key(code), { ...draft, paymentsBefore }, { stamped: true });
}

export function forgetPaymentDraft(code: string) {
  forgetTab(key(code));
}
