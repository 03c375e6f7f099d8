import type { Call, Identity, World } from './route-world';

/**
 * The permission matrix of SPEC.md section 6 as data: every `/api/` route the app registers
 * must have an entry here, or permissions.test.ts fails (a new route cannot ship without
 * saying who may call it). Each entry is checked for every identity:
 *   - public:        anyone; nobody gets 401/403.
 *   - authenticated: any signed-in user; anonymous 401.
 *   - staff:         admin or vendedor; anonymous 401. With `own`, the route acts on one raffle
 *                    (or its ticket / payment): vendedor B on A's gets `own` (403, or 404 where
 *                    the API hides that the thing exists); the owner and admins pass; vendedor
 *                    C, assigned to A's raffles, gets `assigned`.
 *   - admin:         admins only; anonymous 401, any vendedor 403.
 * Anonymous calls to protected routes also go out with junk params, query and body: the 401
 * must come before any validation. Vendedores on admin routes are refused before validation too.
 * Whoever may call a route gets a 2xx (`expect` pins other answers, e.g. a public route that
 * treats a vendedor of another raffle as any buyer). HEAD routes follow their GET.
 */
type Access = 'public' | 'authenticated' | 'staff' | 'admin';
export type Entry = {
  access: Access;
  own?: 403 | 404;
  /** The valid call (may create what it needs: a call that consumes its object gets a new one). */
  call: (w: World) => Call | Promise<Call>;
  /** Exact statuses for some identities, where the rule is sharper than the access level. */
  expect?: Partial<Record<Identity, number>>;
  /** Access depends on the object itself (a file's kind): junk params cannot name one. */
  keepParams?: boolean;
  /**
   * With `own`: what vendedor C, assigned to the raffle by an admin (decision 036), gets: `pass`
   * where the route works the raffle's sales, else the refusal (editing the raffle, moving money
   * of a sale not credited to them).
   */
  assigned?: 'pass' | 403 | 404;
};
