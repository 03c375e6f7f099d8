import { TEST_BENCH_CHECKS } from '@domain/test-bench';
import { Activity } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useRunChecks } from '../api/run-checks';
import { testBenchTexts as t } from '../texts';
import { CheckCard } from './check-card';

export function ChecksSection() {
  const runChecks = useRunChecks();
  const run = () =>
    runChecks.mutate(undefined, {
      onSuccess: (checks) => {
        const failed = checks.filter((c) => !c.ok).length;
        if (failed === 0) toast.success(t.checks.allPassed);
        else toast.error(t.checks.someFailed(failed));
      },
      onError: (error) =>
        toast.error(t.checks.error, {
          description: isApiError(error) ? error.message : texts.common.genericError,
        }),
    });
  return (
    <section aria-labelledby="checks-title" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 id="checks-title" className="text-lg font-semibold text-zinc-900">
            {t.checks.title}
          </h2>
          <p className="text-sm text-zinc-600">{t.checks.description}</p>
        </div>
        <Button onClick={run} loading={runChecks.isPending} className="w-full sm:w-auto">
          {!runChecks.isPending && <Activity aria-hidden />}
          {runChecks.isPending ? t.checks.running : t.checks.run}
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {TEST_BENCH_CHECKS.map((kind) => (
          <CheckCard key={kind} kind={kind} />
        ))}
      </div>
    </section>
  );
}
