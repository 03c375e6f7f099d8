import { describe, expect, it } from 'vitest';
import { whatsappHref } from '@/lib/whatsapp';

describe('whatsappHref', () => {
  it('opens the organizer chat with the +58 number and the message', () => {
    expect(whatsappHref('Hola «Moto»', '0414-1234567')).toBe(
      'https://wa.me/584141234567?text=Hola%20%C2%ABMoto%C2%BB',
    );
  });

  it('lets WhatsApp pick the contact when there is no phone', () => {
    expect(whatsappHref('Hola', null)).toBe('https://wa.me/?text=Hola');
  });
});
