import { formatVesCents } from '@domain/money';
import type { StatementRow } from '@domain/reconciliation';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { statementDay } from '../statement-format';
import { reconciliationTexts } from '../texts';
import { MatchedPayments } from './matched-payments';
import { RowStateBadge } from './row-state-badge';

const t = reconciliationTexts.rows;

/** Phones: one card per credit, its state first. */
export function StatementRowCards({ rows }: { rows: StatementRow[] }) {
  return (
    <ul className="grid gap-3">
      {rows.map((row) => (
        <li key={row.id}>
          <Card className="grid gap-3 p-4" data-testid="statement-row" data-state={row.state}>
            <div className="flex items-start justify-between gap-3">
              <RowStateBadge state={row.state} />
              <span className="text-right text-base font-semibold text-zinc-900 tabular-nums">
                {formatVesCents(row.amount_ves_cents)}
              </span>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-zinc-500">{t.date}</dt>
              <dd className="text-zinc-900 tabular-nums">{statementDay(row.posted_on)}</dd>
              <dt className="text-zinc-500">{t.reference}</dt>
              <dd className="font-mono break-all text-zinc-900">{row.reference || '—'}</dd>
              <dt className="text-zinc-500">{t.description}</dt>
              <dd className="break-words text-zinc-700">{row.description || '—'}</dd>
            </dl>
            <div className="border-t border-zinc-100 pt-3">
              <MatchedPayments payments={row.payments} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Desktop: one table row per credit. */
export function StatementRowTable({ rows }: { rows: StatementRow[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t.state}</TableHead>
          <TableHead>{t.date}</TableHead>
          <TableHead>{t.reference}</TableHead>
          <TableHead>{t.description}</TableHead>
          <TableHead className="text-right">{t.amount}</TableHead>
          <TableHead>{t.payment}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="statement-row" data-state={row.state} className="align-top">
            <TableCell>
              <RowStateBadge state={row.state} />
              <span className="mt-1 block text-xs text-zinc-400">{t.line(row.line)}</span>
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">{statementDay(row.posted_on)}</TableCell>
            <TableCell className="font-mono whitespace-nowrap">{row.reference || '—'}</TableCell>
            <TableCell className="max-w-56 break-words text-zinc-700">{row.description || '—'}</TableCell>
            <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
              {formatVesCents(row.amount_ves_cents)}
            </TableCell>
            <TableCell className="min-w-64">
              <MatchedPayments payments={row.payments} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
