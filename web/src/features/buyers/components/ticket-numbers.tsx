import { useState } from 'react';
import { buyersTexts } from '../texts';

/** How many numbers a card shows before "+N más". */
export const VISIBLE_NUMBERS = 20;

/** A buyer's numbers as chips that wrap; a long list folds behind "+N más". */
export function TicketNumbers({ numbers }: { numbers: string[] }) {
  const t = buyersTexts.buyer;
  const [expanded, setExpanded] = useState(false);
  const hidden = numbers.length - VISIBLE_NUMBERS;
  const shown = expanded || hidden <= 0 ? numbers : numbers.slice(0, VISIBLE_NUMBERS);
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={t.numbers(numbers.length)}>
      {shown.map((number) => (
        <li
          key={number}
          className="min-w-11 rounded-md border border-zinc-200 bg-zinc-50 px-2 py-1 text-center font-mono text-sm font-semibold text-zinc-800 tabular-nums"
        >
          {number}
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <button
            type="button"
            onClick={() => setExpanded((v) => !v)}
            aria-expanded={expanded}
            aria-label={expanded ? undefined : t.moreLabel(hidden)}
            className="min-h-10 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {expanded ? t.showLess : t.more(hidden)}
          </button>
        </li>
      )}
    </ul>
  );
}
