// The public raffle page and home list from memory (decision 027) against a fresh count: the staff
// answer still counts the sales on every request, so after any sequence of changes the public
// answers must equal it with the money dropped. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publicRaffleListSchema } from '../../../domain/api-routes';
import { type PublicRaffle, publicRaffleSchema, type Raffle } from '../../../domain/raffles';
import { buyer, makeRaffle, withoutDeclaredSource } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const SIZE = 12;
type Action =
  | { kind: 'reserve'; numbers: number[]; cedula: number }
  | { kind: 'set'; number: number; status: 'disponible' | 'pagado' | 'cancelado' | 'abonado' }
  | { kind: 'edit'; name: string }
  | { kind: 'close' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('reserve' as const),
      numbers: fc.uniqueArray(fc.integer({ min: 0, max: SIZE - 1 }), { minLength: 1, maxLength: 3 }),
      cedula: fc.integer({ min: 10_000_000, max: 10_000_050 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      number: fc.integer({ min: 0, max: SIZE - 1 }),
      status: fc.constantFrom(
        'disponible' as const,
        'pagado' as const,
        'cancelado' as const,
        'abonado' as const,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      name: fc.constantFrom('Moto', 'Carro', 'TV 55"'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'close' as const }) },
);

async function run(raffleId: string, a: Action) {
  if (a.kind === 'reserve')
    return t.api('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers: a.numbers, buyer: buyer({ cedula: `V-${a.cedula}` }) },
    });
  if (a.kind === 'set')
    return t.api('PATCH', `/api/raffles/${raffleId}/numbers/${a.number}`, {
      token: admin,
      body: a.status === 'disponible' ? { status: a.status } : { status: a.status, ...sellFields() },
    });
  if (a.kind === 'edit')
    return t.api('PATCH', `/api/raffles/${raffleId}`, { token: admin, body: { name: a.name } });
  return t.api('POST', `/api/raffles/${raffleId}/close`, { token: admin });
}

/** What a staff sale of a number without one needs (a number already sold keeps its buyer). */
const sellFields = () => ({
  buyer_name: 'Ana Gómez',
  buyer_phone: '0414-7654321',
  buyer_cedula: 'V-11111111',
  payment_method: 'efectivo',
});

/** The fresh answer: the staff path counts the sales now; the public sees it through its schema. */
async function fresh(raffleId: string): Promise<PublicRaffle> {
  const staff = await t.api<Raffle>('GET', `/api/raffles/${raffleId}`, { token: admin });
  expect(staff.status).toBe(200);
  return publicRaffleSchema.parse(staff.body);
}

async function freshList(): Promise<PublicRaffle[]> {
  const staff = await t.api<Raffle[]>('GET', '/api/raffles', { token: admin });
  return publicRaffleListSchema.parse(staff.body.filter((r) => r.status !== 'borrador' && !r.archived_at));
}

describe('the public raffle answers from memory', () => {
  it('equal a fresh count after any sequence of reservations, releases, payments, edits and a close', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
        const raffle = await makeRaffle(t, { total_numbers: SIZE, digit_count: 2 });
        // The page and the list are cached before the changes, so each change must reach them.
        expect((await t.api('GET', `/api/raffles/${raffle.id}`)).status).toBe(200);
        expect((await t.api('GET', '/api/raffles')).status).toBe(200);
        for (const a of actions) {
          await run(raffle.id, a);
          const page = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
          expect(page.status).toBe(200);
          expect(page.body).toEqual(await fresh(raffle.id));
        }
        const list = await t.api<PublicRaffle[]>('GET', '/api/raffles');
        expect(list.body).toEqual(await freshList());
      }),
      { numRuns: 12 },
    );
  });

  it('never count the sales per request: the counts come from the boards', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 50 });
    await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [1, 2], buyer: buyer() },
    });
    await t.api('GET', `/api/raffles/${raffle.id}`);
    await t.api('GET', '/api/raffles?status=activa');
    const statsFor = vi.spyOn(t.app.services.tickets, 'statsFor');
    try {
      const page = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
      expect(page.body.stats).toMatchObject({ apartado: 2, disponible: 48 });
      expect((await t.api('GET', '/api/raffles?status=activa')).status).toBe(200);
      expect(statsFor).not.toHaveBeenCalled();
      // Staff answers still count them (with the money).
      await t.api('GET', `/api/raffles/${raffle.id}`, { token: admin });
      expect(statsFor).toHaveBeenCalledTimes(1);
    } finally {
      statsFor.mockRestore();
    }
  });

  it('answer with a strong ETag and 304 on If-None-Match; a change makes a new one', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 20 });
    for (const path of [`/api/raffles/${raffle.id}`, '/api/raffles']) {
      const first = await t.api('GET', path);
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const again = await t.api('GET', path, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      // Compressed once, the same version in every encoding.
      const gzip = await t.api('GET', path, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gzip.headers.get('etag')).toBe(etag);
      await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [path.length % 20], buyer: buyer() },
      });
      const changed = await t.api('GET', path, { headers: { 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    }
  });

  it('take a raffle off the list as soon as it is archived (its page says so) or hide it back to draft, and carry no buyer data', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10 });
    await t.api('POST', `/api/raffles/${raffle.id}/reservations`, { body: { numbers: [4], buyer: buyer() } });
    const page = await t.api<Record<string, unknown>>('GET', `/api/raffles/${raffle.id}`);
    expect(Object.keys(page.body).sort()).toEqual(Object.keys(publicRaffleSchema.shape).sort());
    expect(JSON.stringify(page.body)).not.toMatch(/María|12345678|total_paid_cents|pending_cents|has_sales/);
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect((await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`)).body.status).toBe('cerrada');
    // Archived once drawn (a closed raffle awaiting its draw keeps its list public); the winner
    // typed, as for a raffle from before declared sources.
    await withoutDeclaredSource(t, raffle.id);
    const drawn = await t.api('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 4 },
    });
    expect(drawn.status).toBe(200);
    expect((await t.api('POST', `/api/raffles/${raffle.id}/archive`, { token: admin })).status).toBe(200);
    // A finished raffle's page outlives the archive (its result and proof), told it was archived.
    const archived = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(archived.status).toBe(200);
    expect(archived.body.archived_at).not.toBeNull();
    expect(JSON.stringify(archived.body)).not.toMatch(
      /María|12345678|total_paid_cents|pending_cents|has_sales/,
    );
    const list = await t.api<PublicRaffle[]>('GET', '/api/raffles');
    expect(list.body.map((r) => r.id)).not.toContain(raffle.id);

    const draft = await makeRaffle(t, { total_numbers: 10 });
    expect((await t.api('GET', `/api/raffles/${draft.id}`)).status).toBe(200);
    await t.api('PATCH', `/api/raffles/${draft.id}`, { token: admin, body: { status: 'borrador' } });
    expect((await t.api('GET', `/api/raffles/${draft.id}`)).status).toBe(404);
  });
});
