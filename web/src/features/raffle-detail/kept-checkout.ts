import { type CheckoutFormInput, emptyCheckoutForm } from './checkout-schema';

/**
 * What the buyer typed in the checkout sheet, kept for this tab (sessionStorage, the buyer's own
 * data on their own device, as 057's unconfirmed reservation already is) until the reservation is
 * made: they leave for WhatsApp or the bank app before «Apartar», the phone discards the tab, and
 * the reload must not make them type their name, phone, cédula and address again.
 */
const KEY = 'rifas:checkout';

export function readKeptCheckout(): CheckoutFormInput {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<CheckoutFormInput> | null;
    if (!value || typeof value.buyer !== 'object' || value.buyer === null) return emptyCheckoutForm;
    return { ...emptyCheckoutForm, ...value, buyer: { ...emptyCheckoutForm.buyer, ...value.buyer } };
  } catch {
    return emptyCheckoutForm;
  }
}

export function keepCheckout(values: unknown) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(values));
  } catch {
    // Private mode or full storage: the sheet keeps it until a reload, as before.
  }
}

export function forgetCheckout() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
