import { formatOrderCode, parseOrderCode } from '@domain/orders';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useOrder } from '@/api/orders';
import { usePublicRaffle } from '@/api/raffles';
import { errorMessage, QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useVesRate } from '@/lib/exchange-rates';
import { OrderCedulaForm } from '../components/order-cedula-form';
import { OrderDetails } from '../components/order-details';
import { RaffleNotFound } from '../components/raffle-unavailable';
import { orderTexts } from '../order-texts';
import { forgetOrderVisit, type OrderVisit, readOrderVisit, saveOrderVisit } from '../order-visit';

const t = orderTexts;

/**
 * `/raffle/:id/pedido/:code`: the order after reserving, with its own address, so a reload or a
 * shared link keeps it. The cedula that opens it comes with the navigation from the checkout, from
 * this tab's storage after a reload, or from the buyer (a shared link).
 */
export function OrderPage() {
  const { id = '', code: rawCode = '' } = useParams();
  const code = parseOrderCode(rawCode);
  const location = useLocation();
  const [visit, setVisit] = useState<OrderVisit | null>(
    () => (location.state as OrderVisit | null) ?? (code ? readOrderVisit(code) : null),
  );
  const raffle = usePublicRaffle(id);
  const order = useOrder(code ?? '', visit?.cedula ?? null);
  const rate = useVesRate();
  const notFound = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
  // Too many wrong cédulas for this code (ORDER_LIMIT): no form to try again, tracking instead.
  const limited = isApiError(order.error) && order.error.status === 429;

  useEffect(() => {
    if (code && visit) saveOrderVisit(code, { ...visit, fresh: false });
  }, [code, visit]);
  // A wrong cedula is not kept: the next visit asks again.
  useEffect(() => {
    if (code && notFound) forgetOrderVisit(code);
  }, [code, notFound]);

  const back = (
    <nav aria-label={texts.breadcrumbs} className="-mt-2 -mb-2 sm:mt-0">
      <Link
        to={paths.raffle.getHref(id)}
        className="inline-flex min-h-10 items-center gap-1 rounded pr-2 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t.backToRaffle}
      </Link>
    </nav>
  );

  if (!code) return <QueryError title={t.loadError} description={t.badCode} onRetry={() => history.back()} />;
  if (!visit || notFound) {
    return (
      <div className="grid gap-6">
        {back}
        <OrderCedulaForm
          code={formatOrderCode(code)}
          problem={notFound ? t.notFound : null}
          onCedula={(cedula) => setVisit({ cedula })}
        />
      </div>
    );
  }
  if (limited) {
    return (
      <div className="grid gap-6">
        {back}
        <EmptyState
          tone="danger"
          icon={ShieldAlert}
          title={t.limitedTitle}
          description={errorMessage(order.error)}
          action={
            <Button asChild>
              <Link to={paths.tracking.getHref()}>{t.toTracking}</Link>
            </Button>
          }
        />
      </div>
    );
  }
  if (raffle.isError && isApiError(raffle.error) && raffle.error.status === 404) return <RaffleNotFound />;
  // A failed background refetch (back from the bank app on a weak signal, a payment's refresh)
  // keeps the order and its form on screen; only a first load can fail the page.
  const orderFailed = order.isError && !order.data;
  if (orderFailed || (raffle.isError && !raffle.data)) {
    const failed = orderFailed ? order : raffle;
    return (
      <QueryError
        title={t.loadError}
        error={failed.error}
        retrying={failed.isFetching}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (!order.data || !raffle.data) return <PageSpinner />;
  return (
    <div className="grid gap-6">
      {back}
      <OrderDetails raffle={raffle.data} order={order.data} visit={visit} rate={rate} />
    </div>
  );
}
