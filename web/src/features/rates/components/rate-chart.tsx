import type { RateHistoryPoint } from '@domain/rates';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatRate, formatRateShort, formatShortDay } from '../rate-format';
import { ratesTexts } from '../texts';

const BRAND = '#6d28d9';
const STALE = '#d97706';

/**
 * The rate per day as a line (recharts: loaded with this module only, when the chart shows).
 * Screen readers get the summary in the label; the exact values are in the table beside it.
 */
export function RateChart({ points }: { points: RateHistoryPoint[] }) {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const label = ratesTexts.history.chartLabel(
    points.length,
    formatRateShort(first.rate_to_usd),
    formatRateShort(last.rate_to_usd),
  );
  return (
    <div role="img" aria-label={label} className="h-56 w-full sm:h-64" data-testid="rate-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e4e4e7" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="rate_date"
            tickFormatter={formatShortDay}
            tick={{ fontSize: 12, fill: '#52525b' }}
            tickLine={false}
            axisLine={{ stroke: '#d4d4d8' }}
            minTickGap={16}
          />
          <YAxis
            dataKey="rate_to_usd"
            domain={['auto', 'auto']}
            tickFormatter={formatRateShort}
            tick={{ fontSize: 12, fill: '#52525b' }}
            tickLine={false}
            axisLine={false}
            width={64}
          />
          <Tooltip
            formatter={(value) => [
              ratesTexts.current.value(formatRate(Number(value))),
              ratesTexts.history.rate,
            ]}
            labelFormatter={(day) => formatDay(String(day))}
          />
          <Line
            type="monotone"
            dataKey="rate_to_usd"
            stroke={BRAND}
            strokeWidth={2}
            isAnimationActive={false}
            dot={({ cx, cy, payload, index }) => (
              <circle
                key={index}
                cx={cx}
                cy={cy}
                r={3.5}
                fill={(payload as RateHistoryPoint).is_stale ? STALE : BRAND}
                stroke="#fff"
                strokeWidth={1}
              />
            )}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
