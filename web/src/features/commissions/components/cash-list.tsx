import { formatUsd, formatVesCents } from '@domain/money';
import type { ReactNode } from 'react';

/**
 * A list of the cash panel (payments held, hand-overs, refunds out of the cash): a heading, a hint
 * when it has lines, and what to say when it has none (`emptyHint` makes it the dashed box).
 */
export function CashList<T>({
  title,
  hint,
  empty,
  emptyHint,
  items,
  children,
}: {
  title: string;
  hint?: string;
  empty: string;
  emptyHint?: string;
  items: readonly T[];
  /** One `CashLine` (with its key) per item. */
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="grid gap-1">
      <h3 className="font-semibold text-zinc-900">{title}</h3>
      {items.length === 0 ? (
        emptyHint ? (
          <div className="rounded-lg border border-dashed border-zinc-300 p-3 text-sm text-zinc-600">
            <p className="font-medium text-zinc-800">{empty}</p>
            <p>{emptyHint}</p>
          </div>
        ) : (
          <p className="text-sm text-zinc-600">{empty}</p>
        )
      ) : (
        <>
          {hint && <p className="text-xs text-zinc-500">{hint}</p>}
          <ul className="divide-y divide-zinc-100" aria-label={title}>
            {items.map(children)}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * One line: what it is, when and by whom (`meta`, its parts joined by «·», empty ones left out), an
 * optional note on the left; its USD, Bs (when known) and an optional remark under them on the right.
 */
export function CashLine({
  title,
  meta,
  note,
  usd,
  ves,
  remark,
}: {
  title: string;
  meta: readonly (string | null | false)[];
  note?: string | null;
  usd: number;
  ves: number | null;
  remark?: string | null;
}) {
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="grid min-w-0">
        <span className="text-sm font-medium break-words text-zinc-900">{title}</span>
        <span className="text-xs break-words text-zinc-500">{meta.filter(Boolean).join(' · ')}</span>
        {note && <span className="text-xs break-words text-zinc-700">{note}</span>}
      </div>
      <div className="shrink-0 text-right text-sm tabular-nums">
        <span className="font-semibold text-zinc-900">{formatUsd(usd)}</span>
        {ves !== null && <span className="block text-xs text-zinc-500">{formatVesCents(ves)}</span>}
        {remark && <span className="block text-xs text-zinc-500">{remark}</span>}
      </div>
    </li>
  );
}
