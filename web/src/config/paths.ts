/** Every route of the app (SPEC section 2). Components link with `getHref`, the router uses `path`. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  raffle: { path: '/raffle/:id', getHref: (id: string) => `/raffle/${encodeURIComponent(id)}` },
  /** An order (pedido) after reserving: its own address, so a reload or a shared link keeps it. */
  order: {
    path: '/raffle/:id/pedido/:code',
    getHref: (raffleId: string, code: string) =>
      `/raffle/${encodeURIComponent(raffleId)}/pedido/${encodeURIComponent(code)}`,
  },
  tracking: { path: '/tracking', getHref: () => '/tracking' },
  login: { path: '/login', getHref: () => '/login' },
  dashboard: {
    root: { path: '/dashboard/admin', getHref: () => '/dashboard/admin' },
    create: { path: '/dashboard/admin/create', getHref: () => '/dashboard/admin/create' },
    edit: {
      path: '/dashboard/admin/edit/:id',
      getHref: (id: string) => `/dashboard/admin/edit/${encodeURIComponent(id)}`,
    },
    buyers: {
      path: '/dashboard/admin/buyers/:id',
      getHref: (id: string) => `/dashboard/admin/buyers/${encodeURIComponent(id)}`,
    },
    payments: { path: '/dashboard/admin/payments', getHref: () => '/dashboard/admin/payments' },
    users: { path: '/dashboard/admin/users', getHref: () => '/dashboard/admin/users' },
    tickets: {
      path: '/dashboard/admin/tickets/:raffleId',
      getHref: (raffleId: string) => `/dashboard/admin/tickets/${encodeURIComponent(raffleId)}`,
    },
    history: { path: '/dashboard/admin/history', getHref: () => '/dashboard/admin/history' },
    testBench: { path: '/dashboard/admin/test-bench', getHref: () => '/dashboard/admin/test-bench' },
    rates: { path: '/dashboard/admin/rates', getHref: () => '/dashboard/admin/rates' },
    audit: { path: '/dashboard/admin/audit', getHref: () => '/dashboard/admin/audit' },
    /** `?estado=<id>` opens one uploaded statement. */
    reconcile: {
      path: '/dashboard/admin/reconcile',
      getHref: (statementId?: string) =>
        statementId
          ? `/dashboard/admin/reconcile?estado=${encodeURIComponent(statementId)}`
          : '/dashboard/admin/reconcile',
    },
  },
  /** Old seller links: both redirect to the dashboard. */
  sellerLegacy: {
    root: { path: '/dashboard/vendedor' },
    any: { path: '/dashboard/vendedor/*' },
  },
  notFound: { path: '*' },
} as const;
