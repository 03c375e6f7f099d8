import { emptyStats } from '@domain/raffle-stats';
import type { Raffle } from '@domain/raffles';
import { publicRaffle } from './public-raffle';

/** A draft raffle as staff read it (money in `stats`), for the dashboard's tests. */
export const staffRaffle: Raffle = {
  ...publicRaffle,
  id: '7d8e3c52-0a55-4a8a-9f8e-2b1c9d3e4f50',
  name: 'Nevera',
  description: '',
  status: 'borrador',
  archived_at: null,
  has_sales: false,
  terms_locked: false,
  stats: { ...emptyStats(), disponible: 100 },
};
