import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { useVesRate } from '@/lib/exchange-rates';
import { BoardSection } from '../components/board-section';
import { CheckoutDialog } from '../components/checkout-dialog';
import { RaffleDetailSkeleton } from '../components/raffle-detail-skeleton';
import { RaffleHero } from '../components/raffle-hero';
import { RaffleLoadError, RaffleNotFound } from '../components/raffle-unavailable';
import { ReservationSuccess } from '../components/reservation-success';
import { SelectionBar } from '../components/selection-bar';
import { isNotFound, useRaffleData } from '../hooks/use-raffle-data';
import { useRaffleLive } from '../hooks/use-raffle-live';
import { closedReason } from '../raffle-rules';
import type { ReservationResult } from '../reservation-result';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';
import '../raffle-detail.css';

const t = raffleDetailTexts;

/** `/raffle/:id`: the prize, the live board, choosing numbers and reserving them. */
export function RaffleDetailPage() {
  const { id = '' } = useParams();
  const { raffle, board } = useRaffleData(id);
  const rate = useVesRate();
  const live = useRaffleLive(id, raffle.isSuccess);
  const available = useRaffleStore((s) => s.boards[id]?.available);
  const hasSelection = useRaffleStore((s) => s.selection.length > 0);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [result, setResult] = useState<ReservationResult | null>(null);
  const boardRef = useRef<HTMLElement>(null);

  // A failed background refetch keeps the raffle on screen; only a first load can fail the page.
  const data = raffle.data;
  if (!data) {
    if (!raffle.error) return <RaffleDetailSkeleton />;
    return isNotFound(raffle.error) ? (
      <RaffleNotFound />
    ) : (
      <RaffleLoadError message={raffle.error.message} onRetry={() => void raffle.refetch()} />
    );
  }

  const closed = closedReason(data);
  const open = closed === null;
  return (
    <div className="grid gap-6">
      <nav aria-label={texts.breadcrumbs} className="-mt-2 -mb-2 sm:mt-0">
        <Link
          to={paths.home.getHref()}
          className="inline-flex min-h-10 items-center gap-1 rounded pr-2 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t.back}
        </Link>
      </nav>
      {result ? (
        <ReservationSuccess raffle={data} rate={rate} result={result} onMore={() => setResult(null)} />
      ) : (
        <>
          <RaffleHero
            raffle={data}
            available={available ?? data.stats.disponible}
            rate={rate}
            closed={closed}
            onChoose={() => boardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
          />
          <BoardSection
            ref={boardRef}
            raffleId={data.id}
            total={data.total_numbers}
            digitCount={data.digit_count}
            open={open}
            live={live}
            boardFailed={board.isError && available === undefined}
            onRetryBoard={() => void board.refetch()}
          />
        </>
      )}
      {open && !result && (
        <SelectionBar
          priceCents={data.price_cents}
          digitCount={data.digit_count}
          rate={rate}
          onReserve={() => setCheckoutOpen(true)}
        />
      )}
      {open && !result && hasSelection && <div aria-hidden className="h-[var(--rd-bar-height,9rem)]" />}
      {open && (
        <CheckoutDialog
          raffle={data}
          rate={rate}
          open={checkoutOpen}
          onOpenChange={setCheckoutOpen}
          onReserved={setResult}
        />
      )}
    </div>
  );
}
