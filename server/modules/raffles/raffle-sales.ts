import type { RaffleStats } from '../../../domain/raffles';
import type { Executor, Tx } from '../../db/client';
import type { tickets } from '../../db/schema';
import type { SoldSale } from './published-lists';
import type { RaffleRow } from './raffles.repo';

type SaleRow = typeof tickets.$inferSelect;

/**
 * What the raffles module needs from the sales of a raffle's numbers. The tickets module provides
 * it (server/app.ts wires them): raffles never import tickets, so the dependency runs one way.
 */
export type RaffleSales = {
  statsFor(raffles: Pick<RaffleRow, 'id' | 'totalNumbers'>[]): Promise<Map<string, RaffleStats>>;
  resize(tx: Tx, raffle: RaffleRow, next: { totalNumbers: number; digitCount: number }): Promise<void>;
  countNotAvailable(tx: Executor, raffleId: string): Promise<number>;
  /** One keyset page of live sales in number order (numbers after `after`), for the published list. */
  soldSalesPage(
    tx: Executor,
    raffleId: string,
    page: { after: number; limit: number },
  ): Promise<(SoldSale & { number: number })[]>;
  /** The same page of the sales fully paid right now: a pre-sorteo's eligible list (decision 042). */
  paidSalesPage(
    tx: Executor,
    raffleId: string,
    page: { after: number; limit: number },
  ): Promise<(SoldSale & { number: number })[]>;
  findByNumber(raffleId: string, number: number): Promise<SaleRow | null>;
};
