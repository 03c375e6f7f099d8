import type { RaffleStats } from '../../../domain/raffles';
import type { Executor, Tx } from '../../db/client';
import type { tickets } from '../../db/schema';
import type { ListFigures, ListPage } from './published-lists';
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
  /**
   * A pre-sorteo's list chosen at its seal: the live sales fully paid at its date `paidBy`,
   * recorded for its pages (`{ preDraw: position }`) and the database's guard (migration 0039).
   */
  recordPreDrawList(tx: Tx, raffleId: string, position: number, paidBy: Date): Promise<void>;
  /**
   * One page (the numbers in [from, to)) of a published list: at close every live sale
   * (`sold`), at a pre-sorteo the sales its seal recorded (`{ preDraw: position }`, decision 042).
   * Without `lines`, a page the database hashed carries only its leaves.
   */
  listPage(
    tx: Executor,
    raffleId: string,
    list: 'sold' | { preDraw: number },
    page: { from: number; to: number; lines: boolean; figures?: boolean },
  ): Promise<ListPage>;
  /** A closed raffle's figures from those its list's pages counted (`figures`) and its unlisted sales. */
  closedStats(raffle: Pick<RaffleRow, 'id' | 'totalNumbers'>, listed: ListFigures): Promise<RaffleStats>;
  /**
   * A published list's missing text, stored by the database itself (see publishedListRepo): what
   * its pass found, so the caller knows whether the server must build it or the list changed.
   */
  storeSoldListText(
    tx: Executor,
    raffleId: string,
  ): Promise<{ stored: boolean; hashed: boolean; lineCount: number }>;
  findByNumber(raffleId: string, number: number): Promise<SaleRow | null>;
};
