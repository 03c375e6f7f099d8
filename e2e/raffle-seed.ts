import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignIn, expect, uniqueReference, uniqueSerial } from './fixtures';
import { prizePhotoPng } from './prize-photo';

export type SeededRaffle = { id: string; name: string; total_numbers: number };
type Credentials = { email: string; password: string };

/** A raffle name no other spec uses in the shared run database (nor contains as a part). */
export const uniqueRaffleName = (prefix: string) =>
  `${prefix} ${String(uniqueSerial() % 10_000_000).padStart(7, '0')}`;

/** "YYYY-MM-DDTHH:mm" as a Caracas clock (UTC-4) shows it `days` from now, for datetime-local inputs. */
export const caracasInputDate = (days: number) =>
  new Date(Date.now() + days * 86_400_000 - 4 * 3_600_000).toISOString().slice(0, 16);

/** POST /api/raffles as `who` (the seeded admin by default). */
export async function createRaffleViaApi(
  request: APIRequestContext,
  body: Record<string, unknown>,
  who: Credentials = ADMIN,
): Promise<SeededRaffle> {
  const session = await apiSignIn(request, who.email, who.password);
  const response = await request.post('/api/raffles', {
    // Specs reserve for one buyer freely; the cap per buyer is tested on its own (server).
    data: {
      price_cents: 500,
      total_numbers: 100,
      digit_count: 2,
      status: 'activa',
      max_numbers_per_buyer: 1_000_000,
      // A raffle that sells declares how its winner is decided; drand needs no dates.
      draw_kind: 'drand',
      ...body,
    },
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export const DEFAULT_BUYER = {
  name: 'María Pérez',
  phone: '0414-1234567',
  address: 'San Cristóbal, Barrio Obrero',
  cedula: 'V-12345678',
};

/** A public reservation, as a buyer would make it from the raffle page. */
export async function reserveViaApi(
  request: APIRequestContext,
  raffleId: string,
  numbers: number[],
  buyer: Partial<typeof DEFAULT_BUYER> = {},
  /** The code of a seller's link the buyer came through (issue 22). */
  sellerCode?: string,
) {
  const response = await request.post(`/api/raffles/${raffleId}/reservations`, {
    data: { numbers, buyer: { ...DEFAULT_BUYER, ...buyer }, ...(sellerCode && { seller_code: sellerCode }) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/**
 * A raffle photo the browser cannot draw: the page must show its placeholder, never a broken
 * image. The server refuses photos it cannot decode (issue 21), so a real one is uploaded and its
 * downloads in this page answer bytes that are no image.
 */
export async function uploadUndrawableRaffleImage(request: APIRequestContext, page: Page): Promise<string> {
  const session = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const response = await request.post('/api/uploads?kind=raffle-image', {
    headers: { Authorization: `Bearer ${session.access_token}` },
    multipart: {
      file: { name: 'roto.png', mimeType: 'image/png', buffer: prizePhotoPng([200, 200, 200], [90, 90, 90]) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const fileUrl = ((await response.json()) as { fileUrl: string }).fileUrl;
  await page.route(
    (url) => url.pathname === fileUrl,
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'image/png',
        body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      }),
  );
  return fileUrl;
}

/** `PATCH /api/raffles/:id/numbers/:number` as the admin: changes the number's sale, or makes one. */
export async function patchNumberViaApi(
  request: APIRequestContext,
  raffleId: string,
  number: number,
  body: Record<string, unknown>,
) {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const response = await request.patch(`/api/raffles/${raffleId}/numbers/${number}`, {
    data: body,
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** `POST /api/raffles/:id/close` as the admin: the only way a raffle becomes `cerrada` (decision 010). */
export async function closeRaffleViaApi(request: APIRequestContext, raffleId: string) {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const response = await request.post(`/api/raffles/${raffleId}/close`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/**
 * The raffle stored as raffles created before declared draw sources are (no `draw_kind`: the admin
 * types the winner), through the e2e server's own route (e2e/e2e-server.ts): the API cannot make one.
 */
export async function withoutDeclaredSourceViaApi(request: APIRequestContext, raffleId: string) {
  const response = await request.post(`/__e2e/raffles/${raffleId}/without-declared-source`, {
    headers: { 'x-e2e-token': process.env.E2E_CONTROL_TOKEN ?? '' },
  });
  expect(response.status(), await response.text()).toBe(204);
}

/** `POST /api/raffles/:id/draw` as the admin: registers the official winning number of a closed raffle. */
export async function drawRaffleViaApi(request: APIRequestContext, raffleId: string, winningNumber: number) {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const response = await request.post(`/api/raffles/${raffleId}/draw`, {
    data: { winning_number: winningNumber },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** `POST /api/raffles/:id/archive` as the admin: hides a finished raffle from the listings. */
export async function archiveRaffleViaApi(request: APIRequestContext, raffleId: string) {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const response = await request.post(`/api/raffles/${raffleId}/archive`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The id of a number's live sale (a number nobody holds has none). */
export async function saleId(request: APIRequestContext, raffleId: string, number: number): Promise<string> {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const list = await request.get(`/api/raffles/${raffleId}/tickets`, {
    params: { search: String(number), per_page: 50 },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(list.status(), await list.text()).toBe(200);
  const ticket = ((await list.json()).items as { id: string | null; number: number }[]).find(
    (t) => t.number === number,
  );
  expect(ticket?.id, `sale of ${number}`).toBeTruthy();
  return ticket?.id ?? '';
}

/** A payment the buyer reported (proved by the cedula), then rejected by the admin with a reason. */
export async function rejectedPayment(
  request: APIRequestContext,
  ticket: string,
  cedula: string,
  amountCents: number,
  reason: string,
) {
  const sent = await request.post('/api/payments', {
    data: { ticket_id: ticket, amount_cents: amountCents, cedula, reference: uniqueReference() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { payment } = await sent.json();
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const review = await request.patch(`/api/payments/${payment.id}`, {
    data: { status: 'rejected', reason },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(review.status(), await review.text()).toBe(200);
}
