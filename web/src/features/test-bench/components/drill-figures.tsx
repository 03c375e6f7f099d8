import type { DrillResult } from '@domain/test-bench';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { testBenchTexts as t } from '../texts';

const number = (n: number) => n.toLocaleString('es-VE', { maximumFractionDigits: 1 });

/** A drill's figures; double sales stand out: green with a tick at 0, red with a warning otherwise. */
export function DrillFigures({ drill }: { drill: DrillResult }) {
  const f = t.drill.figures;
  const clean = drill.double_sales === 0;
  const items = [
    [f.buyers, number(drill.buyers)],
    [f.perSecond, number(drill.reservations_per_s)],
    [f.p50, t.ms(drill.p50_ms)],
    [f.p99, t.ms(drill.p99_ms)],
    [f.conflicts, number(drill.conflicts)],
  ] as const;
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div
          className={cn(
            'col-span-2 rounded-lg border p-3 sm:col-span-1',
            clean ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-900',
          )}
        >
          <dt className="text-xs font-medium">{f.doubleSales}</dt>
          <dd
            className="flex items-center gap-2 text-xl font-semibold tabular-nums"
            data-testid="double-sales"
          >
            {clean ? (
              <CircleCheck aria-hidden className="size-5 shrink-0 text-green-700" />
            ) : (
              <TriangleAlert aria-hidden className="size-5 shrink-0 text-red-700" />
            )}
            {clean ? `0 · ${t.drill.noDoubleSales}` : number(drill.double_sales)}
          </dd>
        </div>
        {items.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-zinc-200 bg-zinc-50 p-3">
            <dt className="text-xs font-medium text-zinc-600">{label}</dt>
            <dd className="text-xl font-semibold text-zinc-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-zinc-600">
        {t.drill.summary(drill.reserved, drill.sold_numbers, drill.total_numbers)} {t.drill.conflictsHint}{' '}
        {t.drill.perSecondHint} {t.drill.timesHint}
      </p>
    </div>
  );
}
