import { forgetTab, isRecord, keepTab, readTab } from '@/lib/tab-storage';
import { type CheckoutFormInput, emptyCheckoutForm } from './checkout-schema';

/**
 * What the buyer typed in the checkout sheet, kept for this tab (sessionStorage, the buyer's own
 * data on their own device, as 057's unconfirmed reservation already is) until the reservation is
 * made: they leave for WhatsApp or the bank app before «Apartar», the phone discards the tab, and
 * the reload must not make them type their name, phone, cédula and address again.
 */
const KEY = 'rifas:checkout';

/** What was typed over the empty form: a field never typed, or added since, starts empty. */
function withEmptyFields(stored: unknown): CheckoutFormInput | null {
  if (!isRecord(stored) || !isRecord(stored.buyer)) return null;
  const value = stored as Partial<CheckoutFormInput>;
  return { ...emptyCheckoutForm, ...value, buyer: { ...emptyCheckoutForm.buyer, ...value.buyer } };
}

export function readKeptCheckout(): CheckoutFormInput {
  return readTab(KEY, withEmptyFields) ?? emptyCheckoutForm;
}

/** Unavailable storage keeps nothing: the sheet keeps it until a reload, as before. */
export function keepCheckout(values: unknown) {
  keepTab(KEY, values);
}

export function forgetCheckout() {
  forgetTab(KEY);
}
