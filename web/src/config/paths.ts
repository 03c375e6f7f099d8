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
  /** A seller's short link (decision 036): keeps their code for the raffle, then opens it. */
  sellerLink: {
    path: '/v/:code/:id',
    getHref: (code: string, raffleId: string) =>
      `/v/${encodeURIComponent(code)}/${encodeURIComponent(raffleId)}`,
  },
  tracking: { path: '/tracking', getHref: () => '/tracking' },
  /** "Verifica tu número": `?rifa=<id>&numero=<n>&codigo=<code>` prefill the form (the ticket's QR). */
  verify: {
    path: '/verificar',
    getHref: (prefill: { raffleId?: string; number?: number; code?: string } = {}) => {
      const query = new URLSearchParams();
      if (prefill.raffleId) query.set('rifa', prefill.raffleId);
      if (prefill.number !== undefined) query.set('numero', String(prefill.number));
      if (prefill.code) query.set('codigo', prefill.code);
      const search = query.toString();
      return search ? `/verificar?${search}` : '/verificar';
    },
  },
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
    /** The signed-in seller's sales and commissions. */
    mySales: { path: '/dashboard/admin/mis-ventas', getHref: () => '/dashboard/admin/mis-ventas' },
    /** Admin: every seller's ranking, commission terms and payouts. */
    sellers: { path: '/dashboard/admin/vendedores', getHref: () => '/dashboard/admin/vendedores' },
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
