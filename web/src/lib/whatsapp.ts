import { phoneDigits } from '@domain/phone';

/**
 * A wa.me link with a prefilled message. With a phone ("0414-1234567") it opens that chat: wa.me
 * wants the international number, +58 without the trunk 0. Without one, WhatsApp asks for a contact.
 */
export function whatsappHref(text: string, phone?: string | null): string {
  const to = phone ? `58${phoneDigits(phone).replace(/^0/, '')}` : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}
