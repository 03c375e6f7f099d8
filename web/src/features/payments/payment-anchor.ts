/** The element id a link to one payment scrolls to (`#pago-<id>`). */
export const paymentAnchor = (paymentId: string) => `pago-${paymentId}`;

/** The payment a location hash points at, or null. */
export const paymentFromHash = (hash: string): string | null =>
  hash.startsWith('#pago-') ? decodeURIComponent(hash.slice('#pago-'.length)) : null;
