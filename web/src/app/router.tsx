import type { Role } from '@domain/roles';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunction,
  Navigate,
  type Params,
  type RouteObject,
} from 'react-router';
import { getPublicRaffleQueryOptions, getRafflesQueryOptions } from '@/api/raffles';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { exchangeRatesQueryOptions } from '@/lib/exchange-rates';
import { RequireRole } from './guards/require-role';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { queryClient } from './query-client';
import { RouterErrorPage } from './routes/router-error-page';

const STAFF: readonly Role[] = ['admin', 'vendedor'];
const ADMIN: readonly Role[] = ['admin'];

/**
 * Every screen is its own chunk, loaded on first visit; so is the dashboard's frame (navigation,
 * menu sheet, tooltips), so a buyer on a public page never downloads staff code. React Router
 * loads the lazy parts of a matched branch in parallel, so nesting them adds no round trip.
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] =>
  async () => ({ Component: pick(await load()) });

/**
 * Starts a public screen's first requests while its code downloads (React Router runs a static
 * loader alongside `lazy`), instead of after it renders: one round trip less before the prize
 * photo on a slow phone connection. It does not wait for them; the screen's queries pick them up.
 */
const prefetch =
  (start: (params: Params) => Promise<void>[]): LoaderFunction =>
  ({ params }) => {
    void Promise.allSettled(start(params));
    return null;
  };

const toDashboard = <Navigate to={paths.dashboard.root.getHref()} replace />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouterErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            path: paths.home.path,
            loader: prefetch(() => [
              queryClient.prefetchQuery(getRafflesQueryOptions({ status: 'activa' })),
              queryClient.prefetchQuery(exchangeRatesQueryOptions()),
            ]),
            lazy: screen(
              () => import('@/features/raffles/pages/home-page'),
              (m) => m.HomePage,
            ),
          },
          {
            path: paths.raffle.path,
            // Not the board: its query refetches on mount (staleTime 0), so it would be asked twice.
            loader: prefetch(({ id = '' }) => [
              queryClient.prefetchQuery(getPublicRaffleQueryOptions(id)),
              queryClient.prefetchQuery(exchangeRatesQueryOptions()),
            ]),
            lazy: screen(
              () => import('@/features/raffle-detail/pages/raffle-detail-page'),
              (m) => m.RaffleDetailPage,
            ),
          },
          {
            path: paths.order.path,
            loader: prefetch(({ id = '' }) => [
              queryClient.prefetchQuery(getPublicRaffleQueryOptions(id)),
              queryClient.prefetchQuery(exchangeRatesQueryOptions()),
            ]),
            lazy: screen(
              () => import('@/features/raffle-detail/pages/order-page'),
              (m) => m.OrderPage,
            ),
          },
          {
            path: paths.sellerLink.path,
            lazy: screen(
              () => import('@/features/raffle-detail/pages/raffle-detail-page'),
              (m) => m.SellerLinkPage,
            ),
          },
          {
            path: paths.tracking.path,
            // The results show every amount in Bs too: the rate is asked as the page opens, not once
            // the results are in, so its lines are usually filled as they appear (UsdOverBs keeps
            // their place either way).
            loader: prefetch(() => [queryClient.prefetchQuery(exchangeRatesQueryOptions())]),
            lazy: screen(
              () => import('@/features/tracking/pages/tracking-page'),
              (m) => m.TrackingPage,
            ),
          },
          {
            path: paths.verify.path,
            lazy: screen(
              () => import('@/features/raffle-detail/pages/verify-page'),
              (m) => m.VerifyPage,
            ),
          },
        ],
      },
      {
        path: paths.login.path,
        lazy: screen(
          () => import('@/features/auth/pages/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        element: <RequireRole roles={STAFF} />,
        children: [
          {
            lazy: screen(
              () => import('./layouts/dashboard-layout'),
              (m) => m.DashboardLayout,
            ),
            children: [
              {
                path: paths.dashboard.root.path,
                lazy: screen(
                  () => import('./routes/raffles-dashboard-route'),
                  (m) => m.RafflesDashboardRoute,
                ),
              },
              {
                path: paths.dashboard.create.path,
                lazy: screen(
                  () => import('@/features/raffles/pages/create-raffle-page'),
                  (m) => m.CreateRafflePage,
                ),
              },
              {
                path: paths.dashboard.edit.path,
                lazy: screen(
                  () => import('@/features/raffles/pages/edit-raffle-page'),
                  (m) => m.EditRafflePage,
                ),
              },
              {
                path: paths.dashboard.buyers.path,
                lazy: screen(
                  () => import('@/features/buyers/pages/buyers-page'),
                  (m) => m.BuyersPage,
                ),
              },
              {
                path: paths.dashboard.tickets.path,
                lazy: screen(
                  () => import('@/features/tickets/pages/tickets-page'),
                  (m) => m.TicketsPage,
                ),
              },
              {
                path: paths.dashboard.history.path,
                lazy: screen(
                  () => import('@/features/history/pages/history-page'),
                  (m) => m.HistoryPage,
                ),
              },
              {
                path: paths.dashboard.mySales.path,
                lazy: screen(
                  () => import('@/features/commissions/pages/my-sales-page'),
                  (m) => m.MySalesPage,
                ),
              },
              {
                element: <RequireRole roles={ADMIN} />,
                children: [
                  {
                    path: paths.dashboard.sellers.path,
                    lazy: screen(
                      () => import('@/features/commissions/pages/sellers-page'),
                      (m) => m.SellersPage,
                    ),
                  },
                  {
                    path: paths.dashboard.payments.path,
                    lazy: screen(
                      () => import('@/features/payments/pages/payments-page'),
                      (m) => m.PaymentsPage,
                    ),
                  },
                  {
                    path: paths.dashboard.users.path,
                    lazy: screen(
                      () => import('./routes/users-route'),
                      (m) => m.UsersRoute,
                    ),
                  },
                  {
                    path: paths.dashboard.rates.path,
                    lazy: screen(
                      () => import('@/features/rates/pages/rates-page'),
                      (m) => m.RatesPage,
                    ),
                  },
                  {
                    path: paths.dashboard.reconcile.path,
                    lazy: screen(
                      () => import('@/features/reconciliation/pages/reconcile-page'),
                      (m) => m.ReconcilePage,
                    ),
                  },
                  {
                    path: paths.dashboard.audit.path,
                    lazy: screen(
                      () => import('@/features/audit/pages/audit-page'),
                      (m) => m.AuditPage,
                    ),
                  },
                  {
                    path: paths.dashboard.testBench.path,
                    lazy: screen(
                      () => import('@/features/test-bench/pages/test-bench-page'),
                      (m) => m.TestBenchPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: paths.sellerLegacy.root.path, element: toDashboard },
      { path: paths.sellerLegacy.any.path, element: toDashboard },
      {
        path: paths.notFound.path,
        lazy: screen(
          () => import('./routes/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
