import { formatDateTime } from '@domain/dates';
import { type DrillResult, drillResultSchema, type TestBenchRun } from '@domain/test-bench';
import { History } from 'lucide-react';
import { QueryError } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useTestBenchRuns } from '../api/get-runs';
import { testBenchTexts as t } from '../texts';
import { RunStatusBadge } from './run-status-badge';

type PastDrill = { run: TestBenchRun; drill: DrillResult };
const f = t.drill.figures;
const number = (n: number) => n.toLocaleString('es-VE', { maximumFractionDigits: 1 });

function DoubleSales({ n }: { n: number }) {
  return (
    <span className={cn('font-semibold tabular-nums', n === 0 ? 'text-green-800' : 'text-red-700')}>{n}</span>
  );
}

/** Past drills, newest first: a table on wide screens, cards on phones. */
export function DrillHistory() {
  const runs = useTestBenchRuns('drill', 20);
  if (runs.isPending)
    return (
      <div className="grid gap-2" aria-busy>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (runs.isError)
    return (
      <QueryError
        title={t.drill.historyError}
        error={runs.error}
        retrying={runs.isFetching}
        onRetry={() => void runs.refetch()}
      />
    );
  const drills = runs.data.flatMap((run): PastDrill[] => {
    const parsed = drillResultSchema.safeParse(run.result);
    return parsed.success ? [{ run, drill: parsed.data }] : [];
  });
  if (drills.length === 0)
    return <EmptyState icon={History} title={t.drill.historyEmpty} description={t.drill.historyEmptyHint} />;
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader className="[&_th]:whitespace-nowrap">
            <TableRow>
              <TableHead>{f.when}</TableHead>
              <TableHead className="text-right">{f.buyers}</TableHead>
              <TableHead className="text-right">
                <abbr title={f.perSecond} className="no-underline">
                  {f.perSecondShort}
                </abbr>
              </TableHead>
              <TableHead className="text-right">{f.p50}</TableHead>
              <TableHead className="text-right">{f.p99}</TableHead>
              <TableHead className="text-right">{f.doubleSales}</TableHead>
              <TableHead className="text-right">{f.conflicts}</TableHead>
              <TableHead>{f.state}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {drills.map(({ run, drill }) => (
              <TableRow key={run.id}>
                <TableCell className="whitespace-nowrap">{formatDateTime(run.created_at)}</TableCell>
                <TableCell className="text-right tabular-nums">{number(drill.buyers)}</TableCell>
                <TableCell className="text-right tabular-nums">{number(drill.reservations_per_s)}</TableCell>
                <TableCell className="text-right tabular-nums">{t.ms(drill.p50_ms)}</TableCell>
                <TableCell className="text-right tabular-nums">{t.ms(drill.p99_ms)}</TableCell>
                <TableCell className="text-right">
                  <DoubleSales n={drill.double_sales} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{number(drill.conflicts)}</TableCell>
                <TableCell>
                  <RunStatusBadge ok={run.ok} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 md:hidden">
        {drills.map(({ run, drill }) => (
          <li key={run.id} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4">
            <div className="mb-2 flex items-center justify-between gap-2">
              <span className="text-sm font-medium text-zinc-900">{formatDateTime(run.created_at)}</span>
              <RunStatusBadge ok={run.ok} />
            </div>
            <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
              {(
                [
                  [f.buyers, number(drill.buyers)],
                  [f.perSecondShort, number(drill.reservations_per_s)],
                  [f.conflicts, number(drill.conflicts)],
                  [f.p50, t.ms(drill.p50_ms)],
                  [f.p99, t.ms(drill.p99_ms)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-zinc-500">{label}</dt>
                  <dd className="text-zinc-900 tabular-nums">{value}</dd>
                </div>
              ))}
              <div>
                <dt className="text-xs text-zinc-500">{f.doubleSales}</dt>
                <dd>
                  <DoubleSales n={drill.double_sales} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
