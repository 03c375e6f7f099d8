import type { SellerSales } from '@domain/commissions';
import { formatUsd } from '@domain/money';
import { commissionsTexts } from '../texts';

const shortDay = new Intl.DateTimeFormat('es-VE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "2026-11-23" (a Caracas day from the API) -> "23 nov", whatever the browser's zone. */
function dayLabel(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  return y && m && d ? shortDay.format(new Date(Date.UTC(y, m - 1, d))).replace(/\./g, '') : day;
}

const W = 300;
const H = 100;

/**
 * Net commission per day as a small SVG bar chart (no chart library: this screen is a vendedor's
 * phone). A reversed day (negative) draws below the axis in red; each bar names its day and amount.
 */
export function CommissionChart({ days }: { days: SellerSales['per_day'] }) {
  const t = commissionsTexts.chart;
  const max = Math.max(1, ...days.map((d) => Math.abs(d.commission_cents)));
  const hasNegative = days.some((d) => d.commission_cents < 0);
  const zero = hasNegative ? H / 2 : H - 1;
  const scale = (hasNegative ? H / 2 - 4 : H - 6) / max;
  const slot = W / Math.max(1, days.length);
  const any = days.some((d) => d.commission_cents !== 0);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure className="grid gap-2" data-testid="commission-chart">
      <div className="relative">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="h-32 w-full sm:h-40"
          preserveAspectRatio="none"
          role="img"
          aria-label={`${t.title}. ${t.description}`}
        >
          <line
            x1={0}
            x2={W}
            y1={zero}
            y2={zero}
            stroke="#d4d4d8"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
          {days.map((d, i) => {
            const h = Math.abs(d.commission_cents) * scale;
            if (h === 0) return null;
            const negative = d.commission_cents < 0;
            return (
              <rect
                key={d.day}
                x={i * slot + slot * 0.15}
                width={slot * 0.7}
                y={negative ? zero : zero - h}
                height={Math.max(h, 1)}
                rx={1}
                className={negative ? 'fill-red-500' : 'fill-brand-600'}
              >
                <title>{t.label(dayLabel(d.day), formatUsd(d.commission_cents))}</title>
              </rect>
            );
          })}
        </svg>
        {/* No commission yet: said where the bars would be, not squeezed between the two dates. */}
        {!any && (
          <p className="absolute inset-0 grid place-items-center px-4 text-center text-sm text-zinc-500">
            {t.empty}
          </p>
        )}
      </div>
      <figcaption className="flex justify-between text-xs text-zinc-500">
        <span>{first ? dayLabel(first.day) : ''}</span>
        <span>{last ? dayLabel(last.day) : ''}</span>
      </figcaption>
    </figure>
  );
}
