import { type SellerRankingRow, sellerCsvColumns } from '../../../domain/commissions';
import { CSV_BOM, csvLine } from '../staff-tickets/tickets-csv';

const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The sellers' ranking as the other exports write CSV: BOM, semicolons, decimal commas (decision 006). */
export function sellerRankingCsv(rows: SellerRankingRow[]): string {
  return (
    CSV_BOM +
    csvLine([...sellerCsvColumns]) +
    rows
      .map((r) =>
        csvLine([
          r.seller_name,
          r.seller_email,
          r.numbers_sold,
          r.numbers_paid,
          r.buyers,
          money(r.collected_cents),
          money(r.earned_cents),
          money(r.reversed_cents),
          money(r.paid_out_cents),
          money(r.balance_cents),
          money(r.held_cents),
          money(r.cash_held_cents),
        ]),
      )
      .join('')
  );
}
