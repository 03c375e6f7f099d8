import type { RafflePackage } from '@domain/package-pricing';
import { lazy, type Ref, Suspense, useState } from 'react';
import { InlineQueryError } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import type { VesRate } from '@/lib/exchange-rates';
import type { LiveStatus } from '../hooks/use-raffle-live';
import { statusOf } from '../store/board-state';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';
import { AvailableSwitch } from './available-switch';
import { BoardLegend } from './board-legend';
import { JumpToNumber } from './jump-to-number';
import { LiveIndicator } from './live-indicator';
import { LuckyPicker } from './lucky-picker';
import { TicketBoard } from './ticket-board';

// Only raffles that offer packages need their buttons: kept off the raffle page's first load.
const PackageButtons = lazy(() => import('./package-buttons').then((m) => ({ default: m.PackageButtons })));

const t = raffleDetailTexts.board;
const count = new Intl.NumberFormat('es-VE');

type BoardSectionProps = {
  raffleId: string;
  total: number;
  digitCount: number;
  open: boolean;
  /**
   * Sales closed for good (cerrada, finalizada): how many numbers made the published list. The board
   * then shows what was sold, with nothing to filter or pick.
   */
  soldCount?: number;
  /** A finished raffle's drawn number, marked on the board and in the legend. */
  winningNumber?: number | null;
  live: LiveStatus;
  /** The first board request failed: offer a retry instead of an endless skeleton. */
  boardFailed: boolean;
  onRetryBoard: () => void;
  /** Number packages and the single price they save on (quick buttons while on sale). */
  packages?: readonly RafflePackage[];
  priceCents?: number;
  /** The day's bolívar rate, for the packages' prices in Bs. */
  rate?: VesRate;
  ref?: Ref<HTMLElement>;
};

/** The board with what sits above it: numbers left, filters, jump box and the lucky picker. */
export function BoardSection(props: BoardSectionProps) {
  const { raffleId, total, digitCount, open, live, boardFailed, onRetryBoard, ref } = props;
  const winningNumber = props.winningNumber ?? null;
  const { soldCount } = props;
  const salesClosed = soldCount !== undefined;
  const [onlyAvailable, setOnlyAvailable] = useState(false);
  const available = useRaffleStore((s) => s.boards[raffleId]?.available);

  const jump = (number: number) => {
    const store = useRaffleStore.getState();
    const board = store.boards[raffleId];
    // A taken number is hidden by the filter: show everything so the jump lands on it.
    if (onlyAvailable && board && statusOf(board, number) !== 'disponible') setOnlyAvailable(false);
    store.highlight(number);
  };

  return (
    <section ref={ref} aria-labelledby="board-title" className="scroll-mt-28">
      <Card className="grid gap-3 p-4 sm:gap-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="board-title" className="text-xl font-bold tracking-tight text-zinc-900">
            {open ? t.title : t.titleClosed}
          </h2>
          {/* A closed list no longer changes, and a board that did not load shows nothing: neither is live. */}
          {!salesClosed && !boardFailed && <LiveIndicator status={live} />}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <p className="text-sm whitespace-nowrap text-zinc-700">
            {available === undefined ? (
              <span className="inline-block h-4 w-24 animate-pulse rounded bg-zinc-200" />
            ) : (
              <>
                <span className="text-base font-bold text-zinc-900">
                  {salesClosed ? t.taken(count.format(soldCount)) : t.left(count.format(available))}
                </span>{' '}
                / {count.format(total)}
              </>
            )}
          </p>
          {!salesClosed && <AvailableSwitch checked={onlyAvailable} onChange={setOnlyAvailable} />}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <JumpToNumber total={total} digitCount={digitCount} onJump={jump} />
          {open && <LuckyPicker raffleId={raffleId} digitCount={digitCount} />}
        </div>
        {open && props.packages && props.packages.length > 0 && (
          <Suspense fallback={null}>
            <PackageButtons
              raffleId={raffleId}
              digitCount={digitCount}
              priceCents={props.priceCents ?? 0}
              packages={props.packages}
              rate={props.rate}
            />
          </Suspense>
        )}
        <BoardLegend selectable={open} winner={winningNumber !== null} />
        {boardFailed ? (
          <InlineQueryError
            message={t.boardError}
            onRetry={onRetryBoard}
            className="justify-items-center rounded-xl p-6 text-center"
          />
        ) : (
          <TicketBoard
            raffleId={raffleId}
            interactive={open}
            onlyAvailable={onlyAvailable}
            winningNumber={winningNumber}
          />
        )}
      </Card>
    </section>
  );
}
