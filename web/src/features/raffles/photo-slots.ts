/**
 * The prize photos as the organizer arranges them: a slot per photo, in the order picked, holding
 * its URL once its upload has finished. A slot keeps its place while it uploads, so uploads that
 * finish out of order never reorder the photos (the cover used to be whichever finished last).
 * The first photo with a URL is the cover ("Portada"); the raffle's `images` is this order.
 */
export type PhotoSlot = { key: string; url: string | null };

let lastKey = 0;
const nextKey = () => `photo-${++lastKey}`;

/** Slots for photos already saved (the edit form). */
export const slotsFromUrls = (urls: readonly string[]): PhotoSlot[] =>
  urls.map((url) => ({ key: nextKey(), url }));

/** Empty slots for files just picked, appended in the order picked. */
export const pendingSlots = (count: number): PhotoSlot[] =>
  Array.from({ length: count }, () => ({ key: nextKey(), url: null }));

/** The slot's upload finished: it gets its URL where it stands. */
export const settleSlot = (slots: readonly PhotoSlot[], key: string, url: string): PhotoSlot[] =>
  slots.map((slot) => (slot.key === key ? { ...slot, url } : slot));

export const dropSlot = (slots: readonly PhotoSlot[], key: string): PhotoSlot[] =>
  slots.filter((slot) => slot.key !== key);

/** Moves the slot at `from` to `to` (clamped); the others keep their relative order. */
export function moveSlot(slots: readonly PhotoSlot[], from: number, to: number): PhotoSlot[] {
  const target = Math.max(0, Math.min(slots.length - 1, to));
  const moving = slots[from];
  if (!moving || target === from) return [...slots];
  const rest = slots.filter((_, index) => index !== from);
  rest.splice(target, 0, moving);
  return rest;
}

/** What the form sends: the finished photos, in order. */
export const slotUrls = (slots: readonly PhotoSlot[]): string[] =>
  slots.flatMap((slot) => (slot.url ? [slot.url] : []));

/** Whether the slots hold exactly these URLs in this order (pending slots aside). */
export const sameUrls = (slots: readonly PhotoSlot[], urls: readonly string[]) => {
  const mine = slotUrls(slots);
  return mine.length === urls.length && mine.every((url, index) => url === urls[index]);
};
