import type { InsightDay } from '@domain/insight';
import { formatUsd } from '@domain/money';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  type TooltipValueType,
  XAxis,
  YAxis,
} from 'recharts';
import { dayLabel } from '../day-label';
import { insightTexts } from '../texts';

// Loaded on its own (React.lazy): recharts stays in this chunk, which only the dashboard downloads.

type Point = InsightDay & { label: string };
const count = new Intl.NumberFormat('es-VE');
const axisTick = { fontSize: 12, fill: '#52525b' };

function DayTooltip({ active, payload }: TooltipContentProps<TooltipValueType, string | number>) {
  const point = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
  if (!point) return null;
  const t = insightTexts.chart;
  return (
    <div className="grid gap-0.5 rounded-lg border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg">
      <p className="font-semibold text-zinc-900">{point.label}</p>
      <p className="text-zinc-700 tabular-nums">
        {t.numbers}: {count.format(point.numbers)}
      </p>
      <p className="text-zinc-700 tabular-nums">
        {t.amount}: {formatUsd(point.amount_cents)}
      </p>
    </div>
  );
}

/** Bars of the numbers sold each Caracas day, labelled "23 nov"; the tooltip adds the amount. */
export function SalesChart({ days }: { days: InsightDay[] }) {
  const data: Point[] = days.map((d) => ({ ...d, label: dayLabel(d.day) }));
  return (
    <div className="h-56 w-full sm:h-64" data-testid="sales-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
          <CartesianGrid vertical={false} stroke="#e4e4e7" />
          <XAxis
            dataKey="label"
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: '#d4d4d8' }}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={40} />
          <Tooltip content={DayTooltip} cursor={{ fill: '#f5f3ff' }} />
          <Bar
            dataKey="numbers"
            name={insightTexts.chart.numbers}
            fill="var(--color-brand-600)"
            radius={[4, 4, 0, 0]}
            maxBarSize={28}
            // Figures, not a show: bars stand still (and screenshots and reduced motion agree).
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
