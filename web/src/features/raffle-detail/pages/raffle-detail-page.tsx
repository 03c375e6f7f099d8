import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { useDeadlinePassed } from '@/hooks/use-deadline-passed';
import { useVesRate } from '@/lib/exchange-rates';
import { useRaffleDraw } from '../api/get-draw';
import { BoardSection } from '../components/board-section';
import { RaffleDetailSkeleton } from '../components/raffle-detail-skeleton';
import { RaffleHero } from '../components/raffle-hero';
import { RaffleLoadError, RaffleNotFound } from '../components/raffle-unavailable';
import { SelectionBar } from '../components/selection-bar';
import { isNotFound, useRaffleData } from '../hooks/use-raffle-data';
import { useRaffleLive } from '../hooks/use-raffle-live';
import { useReadAgainAfterClose } from '../hooks/use-read-again-after-close';
import { saveOrderVisit } from '../order-visit';
import { closedReason, salesClosed } from '../raffle-rules';
import type { ReservationResult } from '../reservation-result';
import { rememberSellerCode } from '../seller-referral';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';
import { readUnconfirmed } from '../unconfirmed-reservation';
import '../raffle-detail.css';

const t = raffleDetailTexts;

// The checkout (form, validation, file upload) and the success screen are not needed to see the
// prize and the board: they load when the buyer starts choosing numbers, not with the page.
const loadCheckout = () => import('../components/checkout-dialog');
const loadOrderPage = () => import('./order-page');
const CheckoutDialog = lazy(() => loadCheckout().then((m) => ({ default: m.CheckoutDialog })));
// Only closed raffles publish a list: its code is not part of an open raffle's page.
const PublishedList = lazy(() =>
  import('../components/published-list').then((m) => ({ default: m.PublishedList })),
);
// Only raffles that show them load the leaderboards.
// Only a closed or drawn raffle shows the banner with its sealed list: off a raffle on sale's first load.
const RaffleStatusBanner = lazy(() =>
  import('../components/raffle-status-banner').then((m) => ({ default: m.RaffleStatusBanner })),
);
const Leaderboards = lazy(() =>
  import('../components/leaderboards').then((m) => ({ default: m.Leaderboards })),
);
// Only a finished raffle an admin archived says so: its page keeps the result and its proof.
const ArchivedNotice = lazy(() =>
  import('../components/archived-notice').then((m) => ({ default: m.ArchivedNotice })),
);
// Only a tab with a reservation whose answer never came loads its notice (decision 057).
const UnconfirmedNotice = lazy(() =>
  import('../components/unconfirmed-notice').then((m) => ({ default: m.UnconfirmedNotice })),
);
// Only a raffle with several prizes (decision 042) loads their list.
const RafflePrizes = lazy(() =>
  import('../components/raffle-prizes').then((m) => ({ default: m.RafflePrizes })),
);
// And only a closed raffle with instant-win numbers shows them, with their commitment checked.
const InstantWinsReveal = lazy(() =>
  import('../components/instant-wins-reveal').then((m) => ({ default: m.InstantWinsReveal })),
);
// So is "Verifica tu número" (its hashing and signature code).
const VerifyNumberForm = lazy(() =>
  import('../components/verify-number-form').then((m) => ({ default: m.VerifyNumberForm })),
);

function CheckoutLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-zinc-950/30 text-white">
      <Spinner size="lg" label={texts.common.loading} />
    </div>
  );
}

/** The reservation sheet's step in the browser's history. */
const CHECKOUT_HASH = '#apartar';

/**
 * `/raffle/:id`: the prize, the live board, choosing numbers and reserving them. A finished raffle
 * an admin archived keeps its page without the board: its result and the proof of its draw.
 */
export function RaffleDetailPage() {
  const { id = '' } = useParams();
  const { raffle, board } = useRaffleData(id);
  const rate = useVesRate();
  // Nothing of an archived raffle is live: its board and stream answer 404.
  const archivedAt = raffle.data?.archived_at ?? null;
  const live = useRaffleLive(id, raffle.isSuccess && archivedAt === null);
  const available = useRaffleStore((s) => s.boards[id]?.available);
  const boardVersion = useRaffleStore((s) => s.boards[id]?.version ?? 0);
  const hasSelection = useRaffleStore((s) => s.selection.length > 0);
  // Mounted on first "Apartar" and kept afterwards, so closing the sheet keeps what was typed.
  const [checkoutMounted, setCheckoutMounted] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  // The sheet is a step in the browser's history (`#apartar`): a phone's Back closes it, as Android
  // users expect, instead of leaving the raffle with the chosen numbers and typed data.
  const checkoutOpen = checkoutMounted && location.hash === CHECKOUT_HASH;
  // Set once a reservation goes to its order page: the sheet then closes without stepping back.
  const leaving = useRef(false);
  const setCheckoutOpen = (next: boolean) => {
    const here = { pathname: location.pathname, search: location.search };
    if (next) {
      setCheckoutMounted(true);
      if (location.hash !== CHECKOUT_HASH)
        navigate({ ...here, hash: CHECKOUT_HASH }, { state: { sheet: true }, preventScrollReset: true });
    } else if (!leaving.current && location.hash === CHECKOUT_HASH) {
      // Opened here: back to the page's own entry. Reached as is (a reload): drop the mark.
      if ((location.state as { sheet?: boolean } | null)?.sheet) navigate(-1);
      else navigate(here, { replace: true, preventScrollReset: true });
    }
  };
  const boardRef = useRef<HTMLElement>(null);
  const status = raffle.data?.status;
  const published = status === 'cerrada' || status === 'finalizada';
  const draw = useRaffleDraw(id, published);
  const sellerCode = useSearchParams()[0].get('v');
  // Read once per raffle: the notice itself keeps track after that.
  const unconfirmed = useMemo(() => readUnconfirmed(id) !== null, [id]);

  // A seller's link (`?v=CODE`): kept on this device for 7 days for this raffle (decision 036).
  useEffect(() => {
    if (sellerCode) rememberSellerCode(id, sellerCode);
  }, [id, sellerCode]);
  // Re-renders the page once at the closing date: the board, the bar and "Elegir números" give way
  // to the closed notice without a reload (closedReason reads the clock).
  useDeadlinePassed(raffle.data?.closing_date);
  // And reads the raffle again once the close job closed it: the banner and the published list.
  useReadAgainAfterClose(id, raffle.data);

  // The first chosen number warms the checkout code, so "Apartar" opens the sheet at once.
  useEffect(() => {
    if (!hasSelection) return;
    void loadCheckout();
    void loadOrderPage();
  }, [hasSelection]);

  // The order has its own page: a reload or a shared link keeps it (the cedula stays in this tab).
  const onReserved = ({ orderCode, visit }: ReservationResult) => {
    saveOrderVisit(orderCode, visit);
    leaving.current = true;
    // In place of the sheet's step: Back from the order goes to the raffle, not to the sheet.
    navigate(paths.order.getHref(id, orderCode), { state: visit, replace: location.hash === CHECKOUT_HASH });
  };

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
      {archivedAt && (
        <Suspense fallback={null}>
          <ArchivedNotice archivedAt={archivedAt} />
        </Suspense>
      )}
      {published && (
        <Suspense fallback={null}>
          <RaffleStatusBanner
            raffle={data}
            draw={draw.data}
            onShowWinner={archivedAt ? undefined : (number) => useRaffleStore.getState().highlight(number)}
          />
        </Suspense>
      )}
      {open && unconfirmed && (
        <Suspense fallback={null}>
          <UnconfirmedNotice
            key={data.id}
            raffleId={data.id}
            digitCount={data.digit_count}
            onReserved={onReserved}
          />
        </Suspense>
      )}
      <RaffleHero
        raffle={data}
        available={available ?? data.stats.disponible}
        rate={rate}
        closed={closed}
        onChoose={() => boardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      />
      {data.prizes.length > 1 && (
        <Suspense fallback={null}>
          <RafflePrizes
            raffleId={data.id}
            prizes={data.prizes}
            drawn={draw.data?.prizes}
            digitCount={data.digit_count}
          />
        </Suspense>
      )}
      {!archivedAt && (
        <BoardSection
          ref={boardRef}
          raffleId={data.id}
          total={data.total_numbers}
          digitCount={data.digit_count}
          open={open}
          soldCount={
            salesClosed(data) ? data.stats.apartado + data.stats.abonado + data.stats.pagado : undefined
          }
          winningNumber={data.status === 'finalizada' ? data.winning_number : null}
          live={live}
          boardFailed={board.isError && available === undefined}
          onRetryBoard={() => void board.refetch()}
          packages={data.packages}
          priceCents={data.price_cents}
          rate={rate}
        />
      )}
      {data.show_leaderboards && !archivedAt && (
        <Suspense fallback={null}>
          <Leaderboards raffleId={data.id} version={boardVersion} />
        </Suspense>
      )}
      {published && draw.data?.instant_wins && draw.data.instant_wins.length > 0 && (
        <Suspense fallback={null}>
          <InstantWinsReveal draw={draw.data} committed={data.instant_win_commitment} />
        </Suspense>
      )}
      {published && draw.data?.draw_commitment && (
        <Suspense fallback={null}>
          <VerifyNumberForm raffleId={data.id} />
          <PublishedList raffleName={data.name} draw={draw.data} />
        </Suspense>
      )}
      {open && (
        <SelectionBar
          priceCents={data.price_cents}
          packages={data.packages}
          digitCount={data.digit_count}
          rate={rate}
          onReserve={() => setCheckoutOpen(true)}
        />
      )}
      {open && hasSelection && <div aria-hidden className="h-[var(--rd-bar-height,9rem)]" />}
      {open && checkoutMounted && (
        <Suspense fallback={checkoutOpen ? <CheckoutLoading /> : null}>
          <CheckoutDialog
            raffle={data}
            rate={rate}
            open={checkoutOpen}
            onOpenChange={setCheckoutOpen}
            onReserved={onReserved}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * `/v/:code/:id`: a seller's short link. Keeps the code for the raffle and opens its page. In this
 * module, not its own: the referral code lives in the raffle page's chunk, so the short link costs
 * no extra download and warms the page it goes to.
 */
export function SellerLinkPage() {
  const { code = '', id = '' } = useParams();
  // Before the redirect renders the raffle page (an effect would run after it).
  rememberSellerCode(id, code);
  return <Navigate to={paths.raffle.getHref(id)} replace />;
}
