import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking-url';

describe('trackingUrl', () => {
  it('is an absolute link to tracking with the cedula filled in', () => {
    expect(trackingUrl('https://rifas.example.com', 'V-12345678')).toBe(
      'https://rifas.example.com/tracking?cedula=V-12345678',
    );
  });

  it('without a cedula it opens tracking empty', () => {
    expect(trackingUrl('http://127.0.0.1:4173', null)).toBe('http://127.0.0.1:4173/tracking');
  });
});
