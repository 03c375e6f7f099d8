import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type RafflePackage, sortedPackages } from '../../domain/package-pricing';
import type { Raffle } from '../../domain/raffles';
import type { ReservationResult } from '../../domain/reservations';
import type { Role } from '../../domain/roles';
import { createUserSchema } from '../../domain/users';
import { queryRows } from '../db/client';
import type { TestApp } from './test-app';

export const DEFAULT_PASSWORD = 'Clave-Segura-2026';

/** A staff user created through the users service, signed in and ready to call the API. */
export async function makeUser(
  t: TestApp,
  overrides: { role?: Role; email?: string; password?: string; phone?: string; full_name?: string } = {},
) {
  const email = overrides.email ?? `user-${randomBytes(4).toString('hex')}@test.local`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const input = createUserSchema.parse({
    email,
    password,
    full_name: overrides.full_name ?? 'Usuario de Prueba',
    phone: overrides.phone ?? null,
    role: overrides.role ?? 'vendedor',
  });
  const user = await t.app.services.users.create(input);
  const { session } = await t.signIn(email, password);
  return { user, email, password, token: session.access_token, refreshToken: session.refresh_token };
}

export const raffleInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Moto Bera 2026',
  description: 'Moto 0 km, se sortea con el Triple Táchira.',
  price_cents: 500,
  total_numbers: 100,
  digit_count: 2,
  payment_type: 'pago_unico',
  status: 'activa',
  reservation_hours: 24,
  // Tests reserve many numbers for one buyer; the cap per buyer has its own test (buyer-cap.test.ts).
  max_numbers_per_buyer: 1_000_000,
  draw_source: 'Triple Táchira A, 10:00 p. m.',
  // A raffle that sells declares how its winner is decided (domain/draw-terms.ts); drand needs no
  // dates. Tests that type the winning number use withoutDeclaredSource.
  draw_kind: 'drand',
  ...overrides,
});

/**
 * The raffle stored as raffles created before declared sources are (API.md, "Sealed draw"): no
 * `draw_kind`, so its draw takes `{winning_number}` typed by the admin. New raffles cannot be
 * created so; tests of the draw itself, and those that need a given winner, use it.
 */
export async function withoutDeclaredSource(t: TestApp, raffleId: string) {
  await t.db.execute(sql`update raffles set draw_kind = null where id = ${raffleId}`);
  await t.app.services.raffles.changed(raffleId);
}

/** A raffle created through the API by the given staff token (the admin's when omitted). */
export async function makeRaffle(t: TestApp, overrides: Record<string, unknown> = {}, token?: string) {
  const res = await t.api<Raffle>('POST', '/api/raffles', {
    token: token ?? (await t.signInAdmin()),
    body: raffleInput(overrides),
  });
  if (res.status !== 201) throw new Error(`makeRaffle failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A raffle whose packages cost under a cent a number, as raffles created before such packages were
 * refused are stored (their numbers priced 0 follow decision 061): created with each package at a
 * cent a number, then given `packages` in the database. New raffles cannot be created so.
 */
export async function makeRaffleWithFreeNumbers(
  t: TestApp,
  overrides: Record<string, unknown> & { packages: RafflePackage[] },
) {
  const atACent = overrides.packages.map((p) => ({ numbers: p.numbers, price_cents: p.numbers }));
  const raffle = await makeRaffle(t, { ...overrides, packages: atACent });
  const packages = sortedPackages(overrides.packages);
  await t.db.execute(
    sql`update raffles set packages = ${JSON.stringify(packages)}::jsonb where id = ${raffle.id}`,
  );
  await t.app.services.raffles.changed(raffle.id);
  return { ...raffle, packages };
}

export const buyer = (overrides: Record<string, unknown> = {}) => ({
  name: '  María Pérez ',
  phone: '0414-1234567',
  address: 'Av. Bolívar, San Cristóbal',
  cedula: 'V-12345678',
  email: 'maria@example.com',
  ...overrides,
});

/** The raffle's closing date passes (the job has not run yet): set in the past by SQL. */
export const closingDatePassed = (t: TestApp, raffleId: string) =>
  t.db.execute(sql`update raffles set closing_date = now() - interval '1 second' where id = ${raffleId}`);

/** A reservation that must succeed: its tickets (a refusal throws, with the answer). */
export async function reserveNumbers(t: TestApp, raffleId: string, numbers: number[], who = buyer()) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: who },
  });
  if (res.status !== 201) throw new Error(`reserve failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.tickets;
}

/**
 * A raffle taken through its lifecycle by the API (decision 010: `cerrada` only by close,
 * `finalizada` only by draw), after `before` ran on it while it was active (e.g. reservations).
 */
export async function makeRaffleIn(
  t: TestApp,
  status: 'cerrada' | 'finalizada',
  options: {
    overrides?: Record<string, unknown>;
    winningNumber?: number;
    before?: (id: string) => Promise<void>;
  } = {},
) {
  const admin = await t.signInAdmin();
  const raffle = await makeRaffle(t, options.overrides ?? {}, admin);
  await options.before?.(raffle.id);
  // The winner given, not drawn: a raffle with no declared source (see withoutDeclaredSource).
  if (status === 'finalizada') await withoutDeclaredSource(t, raffle.id);
  const closed = await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
  if (closed.status !== 200) throw new Error(`close failed: ${closed.status} ${JSON.stringify(closed.body)}`);
  if (status === 'finalizada') {
    const drawn = await t.api('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: options.winningNumber ?? 0 },
    });
    if (drawn.status !== 200) throw new Error(`draw failed: ${drawn.status} ${JSON.stringify(drawn.body)}`);
  }
  return closed.body;
}

/** A closed raffle's list as stored, once the stores the close began after its answer are done (decision 078). */
export async function storedSoldList(t: TestApp, raffleId: string): Promise<string | null> {
  await t.app.services.draws.settled();
  return soldListColumn(t, raffleId);
}

/** The list column as it is right now (read past the server's published-file cache), store in flight or not. */
export async function soldListColumn(t: TestApp, raffleId: string): Promise<string | null> {
  const rows = await queryRows<{ list: string | null }>(
    t.db,
    sql`select draw_sold_list as list from raffles where id = ${raffleId}`,
  );
  return rows[0]?.list ?? null;
}
