import type { PublicRaffle } from '@domain/raffles';
import { openRaffleDrawFields } from './sealed-draw';

/**
 * An open raffle as a visitor reads it (counts only, no money), for the public pages' tests; the
 * staff fixture (staff-raffle.ts) is this plus what staff see.
 */
export const publicRaffle: PublicRaffle = {
  id: 'raffle-1',
  show_leaderboards: false,
  packages: [],
  prizes: [],
  prize_repeat_rule: 'siguiente_resultado',
  instant_win_commitment: null,
  archived_at: null,
  name: 'Moto Bera',
  description: 'Una moto nueva',
  price_cents: 500,
  total_numbers: 100,
  digit_count: 2,
  seller_id: null,
  payment_type: 'pago_unico',
  status: 'activa',
  installments: null,
  images: [],
  created_at: '2026-05-01T12:00:00.000Z',
  closing_date: null,
  reservation_hours: 24,
  reservation_minutes: 1440,
  max_numbers_per_buyer: 100,
  organizer_name: null,
  contact_phone: null,
  payment_instructions: null,
  payment_accounts: [],
  draw_source: null,
  draw_commitment: null,
  winning_number: null,
  drawn_at: null,
  ...openRaffleDrawFields,
  stats: { disponible: 100, apartado: 0, abonado: 0, pagado: 0, cancelado: 0 },
};
