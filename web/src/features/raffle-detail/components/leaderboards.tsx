import { useQuery } from '@tanstack/react-query';
import { Medal, Trophy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { leaderboardsQueryOptions } from '../api/get-leaderboards';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.leaderboards;
/** The live board moves on every sale; the leaderboards follow it at most this often. */
const FOLLOW_MS = 5_000;

type Entry = { name_masked: string; numbers: number };

function Board({
  title,
  entries,
  icon,
  empty,
}: {
  title: string;
  entries: Entry[];
  icon: React.ReactNode;
  empty: string;
}) {
  return (
    <div className="grid content-start gap-2 rounded-lg border border-zinc-200 bg-white p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-zinc-900">
        {icon}
        {title}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-zinc-500">{empty}</p>
      ) : (
        <ol className="grid gap-1">
          {entries.map((e, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the rank is the identity (masked names repeat).
              key={i}
              className="flex items-center justify-between gap-3 text-sm"
            >
              <span className="flex min-w-0 items-center gap-2">
                <span className="w-5 shrink-0 text-right font-semibold tabular-nums text-zinc-500">
                  {i + 1}.
                </span>
                <span className="truncate text-zinc-900">{e.name_masked || t.anonymous}</span>
              </span>
              <span className="shrink-0 tabular-nums text-zinc-700">{t.numbers(e.numbers)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * "Top vendedores" and "Top compradores" (decision 036), on raffles whose organizer turned them on:
 * masked names and counts of numbers only. `version` is the live board's: a sale moves it, and the
 * leaderboards are read again (the server counts them at most every few seconds anyway).
 */
export function Leaderboards({ raffleId, version }: { raffleId: string; version: number }) {
  const query = useQuery(leaderboardsQueryOptions(raffleId));
  const last = useRef(0);
  const { refetch } = query;

  useEffect(() => {
    // A sale moves `version`: read again (at most every FOLLOW_MS). The server counts at most that
    // often and lets caches keep an answer as long, so what is read right after a sale (or at page
    // load, from the browser's cache) may predate it: one more read once both have passed catches up.
    const wait = Math.max(0, last.current + FOLLOW_MS - Date.now());
    const follow =
      version === 0
        ? undefined
        : setTimeout(() => {
            last.current = Date.now();
            void refetch();
          }, wait);
    const catchUp = setTimeout(() => void refetch(), wait + FOLLOW_MS + 1_000);
    return () => {
      clearTimeout(follow);
      clearTimeout(catchUp);
    };
  }, [version, refetch]);

  if (!query.data) return null;
  return (
    <section aria-labelledby="leaderboards-title" className="grid gap-3" data-testid="leaderboards">
      <h2 id="leaderboards-title" className="text-lg font-semibold text-zinc-900">
        {t.title}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Board
          title={t.sellers}
          entries={query.data.top_sellers}
          icon={<Trophy aria-hidden className="size-4 text-amber-600" />}
          empty={t.sellersEmpty}
        />
        <Board
          title={t.buyers}
          entries={query.data.top_buyers}
          icon={<Medal aria-hidden className="size-4 text-brand-700" />}
          empty={t.empty}
        />
      </div>
      <p className="text-xs text-zinc-500">{t.note}</p>
    </section>
  );
}
