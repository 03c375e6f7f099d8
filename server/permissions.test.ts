import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Entry, matrix } from './test/permissions.matrix';
import {
  type Call,
  createWorld,
  IDENTITIES,
  registeredRouteKeys,
  routeKey,
  send,
  type World,
} from './test/route-world';
import { createTestApp, type TestApp } from './test/test-app';

const JUNK_BODY = {
  '💥': "'; drop table tickets; --",
  numbers: 'todos',
  id: { $ne: null },
  deep: [[[[[1]]]]],
};
const JUNK_QUERY = { page: '-1', per_page: 'x'.repeat(300), raffle_id: "' or 1=1 --", kind: 'nope' };
const JUNK_SEGMENT = 'no-es-un-id%20%27%3B';

/** The same route with every `:param` replaced by junk (ids that are not ids). */
const junkPath = (url: string) => url.replace(/:[a-z_]+/gi, JUNK_SEGMENT);

function entriesFor(key: string): Entry[] | undefined {
  const entry = matrix[key] ?? (key.startsWith('HEAD ') ? matrix[key.replace(/^HEAD /, 'GET ')] : undefined);
  return entry === undefined ? undefined : [entry].flat();
}

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t?.close());

// The matrix, and the rule each access level is held to, are in test/permissions.matrix.ts.
describe('permission matrix (SPEC.md section 6)', () => {
  it('has an entry for every registered route, and no entry for a route that is gone', () => {
    const keys = registeredRouteKeys(t);
    expect(keys.filter((key) => !entriesFor(key))).toEqual([]);
    expect(Object.keys(matrix).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('says for every route that acts on one raffle what a vendedor assigned to it gets', () => {
    const undecided = Object.entries(matrix)
      .flatMap(([key, entry]) => [entry].flat().map((e) => ({ key, e })))
      .filter(({ e }) => e.own !== undefined && e.assigned === undefined && e.expect?.vendorC === undefined)
      .map(({ key }) => key);
    expect(undecided).toEqual([]);
  });

  it('answers every route as the matrix says, for anonymous, vendedor A (owner), vendedor C (assigned), vendedor B and admin', async () => {
    const failures: string[] = [];
    let cells = 0;
    const check = (label: string, status: number, ok: (s: number) => boolean, wanted: string) => {
      cells++;
      if (!ok(status)) failures.push(`${label}: got ${status}, want ${wanted}`);
    };
    const routes = t.app.routes.flatMap((route) =>
      [route.method].flat().map((method) => ({ method, url: route.url })),
    );
    for (const route of routes) {
      const key = routeKey(route.method, route.url);
      for (const [index, entry] of (entriesFor(key) ?? []).entries()) {
        const name = `${key}${index ? ` (case ${index + 1})` : ''}`;
        const protectedRoute = entry.access !== 'public';
        for (const who of IDENTITIES) {
          const call = { ...(await entry.call(w)), method: route.method };
          let token = w.tokenOf(who);
          if (call.freshSession && who !== 'anonymous') {
            const account = w.accounts[who];
            token = (await t.signIn(account.email, account.password)).session.access_token;
          }
          const { status } = await send(t, call, token);
          const label = `${name} as ${who}`;
          const pinned = entry.expect?.[who];
          const isVendor = who === 'vendorA' || who === 'vendorB' || who === 'vendorC';
          if (pinned !== undefined) {
            check(label, status, (s) => s === pinned, String(pinned));
          } else if (who === 'anonymous' && protectedRoute) {
            check(label, status, (s) => s === 401, '401');
          } else if (entry.access === 'admin' && isVendor) {
            check(label, status, (s) => s === 403, '403');
          } else if (who === 'vendorB' && entry.own) {
            check(label, status, (s) => s === entry.own, String(entry.own));
          } else if (who === 'vendorC' && entry.own && entry.assigned !== 'pass') {
            // Assigned, not the owner: what only the owner or an admin does stays theirs.
            check(label, status, (s) => s === entry.assigned, String(entry.assigned));
          } else if (who === 'anonymous' && entry.own) {
            check(label, status, (s) => s === entry.own, String(entry.own));
          } else {
            check(label, status, (s) => s >= 200 && s < 300, '2xx');
          }

          // Refused before validation: junk params, query and body change nothing.
          const refusal =
            who === 'anonymous' && protectedRoute ? 401 : entry.access === 'admin' && isVendor ? 403 : 0;
          if (refusal && pinned === undefined) {
            // The query that picks the case (e.g. ?kind=raffle-image) stays; everything else is junk.
            const junk: Call = {
              method: route.method,
              path: entry.keepParams ? call.path : junkPath(route.url),
              query: { ...JUNK_QUERY, ...call.query },
              body: JUNK_BODY,
            };
            const res = await send(t, junk, token);
            check(`${label} with junk input`, res.status, (s) => s === refusal, String(refusal));
          }
        }
      }
    }
    console.log(`permission matrix: ${cells} cells checked over ${routes.length} routes`);
    expect(failures).toEqual([]);
    expect(cells).toBeGreaterThan(routes.length * IDENTITIES.length);
  });

  it('answers the board and its live stream of a draft alike, for everyone', async () => {
    const answers: { who: string; board: number; events: number }[] = [];
    for (const who of IDENTITIES) {
      const [board, events] = [
        await send(t, { method: 'GET', path: `/api/raffles/${w.draftId}/board` }, w.tokenOf(who)),
        await send(t, { method: 'GET', path: `/api/raffles/${w.draftId}/events` }, w.tokenOf(who)),
      ];
      answers.push({ who, board: board.status, events: events.status });
    }
    // Those who may see a draft (lib/permissions.ts `view`): its owner, an assigned vendedor, admins.
    expect(answers).toEqual([
      { who: 'anonymous', board: 404, events: 404 },
      { who: 'vendorB', board: 404, events: 404 },
      { who: 'vendorC', board: 200, events: 200 },
      { who: 'vendorA', board: 200, events: 200 },
      { who: 'admin', board: 200, events: 200 },
    ]);
  });

  it("answers vendedor B on every route about one raffle the same for A's draft as for a raffle that does not exist", async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    /** The matrix's call with its raffle (in the path or as `raffle_id`) swapped for `raffleId`. */
    const about = (call: Call, raffleId: string): Call => ({
      ...call,
      path: call.path.replace(/^\/api\/raffles\/[0-9a-f-]{36}/, `/api/raffles/${raffleId}`),
      query: call.query?.raffle_id ? { ...call.query, raffle_id: raffleId } : call.query,
    });
    const answer = async (call: Call) => {
      const { status, body } = await send(t, call, w.tokenOf('vendorB'));
      return `${status} ${(body as { error?: { code?: string } } | null)?.error?.code ?? ''}`;
    };
    const leaks: string[] = [];
    let checked = 0;
    for (const [key, entries] of Object.entries(matrix)) {
      for (const entry of [entries].flat()) {
        const call = await entry.call(w);
        if (about(call, missing).path === call.path && !call.query?.raffle_id) continue;
        checked++;
        const [onDraft, onMissing] = [
          await answer(about(call, w.draftId)),
          await answer(about(call, missing)),
        ];
        if (onDraft !== onMissing) leaks.push(`${key}: draft ${onDraft}, missing ${onMissing}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
