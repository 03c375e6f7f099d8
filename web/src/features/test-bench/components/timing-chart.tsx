import type { TestBenchRun } from '@domain/test-bench';
import { cn } from '@/lib/cn';
import { testBenchTexts as t } from '../texts';

const SLOTS = 20;
const WIDTH = 100;
const HEIGHT = 32;
const GAP = 1;

/**
 * Past runs' timings as tiny bars, oldest left, newest right; a failed run's bar is red (the card
 * says pass/fail in words; the label sums the chart up for screen readers).
 */
export function TimingChart({ runs, className }: { runs: TestBenchRun[]; className?: string }) {
  const points = runs.slice(0, SLOTS).reverse();
  if (points.length === 0) return null;
  const values = points.map((r) => r.duration_ms);
  const max = Math.max(...values, 1);
  const slot = WIDTH / SLOTS;
  const offset = WIDTH - points.length * slot;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t.chart(points.length, Math.min(...values), Math.max(...values))}
      className={cn('h-10 w-full', className)}
    >
      <line
        x1={0}
        x2={WIDTH}
        y1={HEIGHT - 0.5}
        y2={HEIGHT - 0.5}
        className="stroke-zinc-200"
        strokeWidth={1}
      />
      {points.map((run, index) => {
        const height = Math.max(2, (run.duration_ms / max) * (HEIGHT - 2));
        return (
          <rect
            key={run.id}
            x={offset + index * slot + GAP / 2}
            y={HEIGHT - height}
            width={slot - GAP}
            height={height}
            rx={0.6}
            className={run.ok ? 'fill-brand-500' : 'fill-red-500'}
          />
        );
      })}
    </svg>
  );
}
