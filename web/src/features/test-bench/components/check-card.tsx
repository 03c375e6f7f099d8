import { formatDateTime } from '@domain/dates';
import { type TestBenchCheck, testBenchMessages } from '@domain/test-bench';
import { InlineQueryError } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTestBenchRuns } from '../api/get-runs';
import { testBenchTexts as t } from '../texts';
import { RunStatusBadge } from './run-status-badge';
import { TimingChart } from './timing-chart';

/** One live check: its latest result (pass/fail, time, detail) and the timings of its past runs. */
export function CheckCard({ kind }: { kind: TestBenchCheck }) {
  const runs = useTestBenchRuns(kind);
  const latest = runs.data?.[0];
  const titleId = `check-${kind}`;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={titleId} role="region">
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-zinc-900">
          {testBenchMessages.checkNames[kind]}
        </h3>
        {latest ? <RunStatusBadge ok={latest.ok} /> : runs.isSuccess && <Badge>{t.checks.noData}</Badge>}
      </div>
      {runs.isPending ? (
        <div className="grid gap-2" aria-busy>
          <Skeleton className="h-7 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : runs.isError ? (
        <InlineQueryError
          message={t.checks.loadError}
          retrying={runs.isFetching}
          onRetry={() => void runs.refetch()}
        />
      ) : !latest ? (
        <p className="text-sm text-zinc-600">{t.checks.never}</p>
      ) : (
        <>
          <p className="text-2xl font-semibold text-zinc-900 tabular-nums">{t.ms(latest.duration_ms)}</p>
          <p className={latest.ok ? 'text-sm text-zinc-700' : 'text-sm font-medium text-red-800'}>
            {latest.result.detail}
          </p>
          <TimingChart runs={runs.data} className="mt-auto" />
          <p className="text-xs text-zinc-500">{t.checks.lastRun(formatDateTime(latest.created_at))}</p>
        </>
      )}
    </Card>
  );
}
