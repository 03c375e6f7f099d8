import { type APIRequestContext, type Browser, type BrowserContext, type Page, test } from '@playwright/test';
import { ADMIN, apiSignIn, expect, PHONE_VIEWPORT, uniqueSerial } from './fixtures';
import { createRaffleViaApi, reserveViaApi } from './raffle-seed';

export type SeededRaffle = { id: string; name: string; total_numbers: number; digit_count: number };

async function adminHeaders(request: APIRequestContext) {
  const session = await apiSignIn(request, ADMIN.email, ADMIN.password);
  return { Authorization: `Bearer ${session.access_token}` };
}

/** An active raffle of 200 numbers with a closing date a month away (raffle-seed does the POST). */
export async function createActiveRaffle(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<SeededRaffle> {
  return (await createRaffleViaApi(request, {
    name: `Moto Bera SBR 2026 #${uniqueSerial().toString(36)}`,
    description: 'Moto 0 km, papeles al día. Se entrega en Valencia.',
    total_numbers: 200,
    digit_count: 3,
    draw_source: 'Triple Táchira A, 10:00 p. m.',
    closing_date: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
    ...overrides,
  })) as SeededRaffle;
}

/** Sets the day's bolívar rate (Bs per dollar) through PUT /api/exchange-rates/VES. */
export async function setVesRate(request: APIRequestContext, rate: number) {
  const response = await request.put('/api/exchange-rates/VES', {
    data: { rate_to_usd: rate },
    headers: await adminHeaders(request),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** An admin's edit of a raffle's price per number (PATCH /api/raffles/:id). */
export async function setRafflePrice(request: APIRequestContext, raffleId: string, priceCents: number) {
  const response = await request.patch(`/api/raffles/${raffleId}`, {
    data: { price_cents: priceCents },
    headers: await adminHeaders(request),
  });
  expect(response.status(), await response.text()).toBe(200);
}

export const BUYER = {
  name: 'María Pérez',
  phone: '0414-1234567',
  cedulaDigits: '12345678',
  address: 'Valencia, urbanización El Viñedo',
  email: 'maria.perez@example.com',
};

/** Another buyer reserves these numbers through the public API (the race a visitor can lose). */
export async function reserveThroughApi(request: APIRequestContext, raffleId: string, numbers: number[]) {
  await reserveViaApi(request, raffleId, numbers, {
    name: 'José Rivas',
    phone: '0424-7654321',
    address: 'Maracay, centro',
    cedula: 'V-20111222',
  });
}

/** A phone-sized browser context (390x844, touch), on the e2e server. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
  });
}

/** A board cell by number label and status, as screen readers hear it ("Número 012, disponible"). */
export const cell = (page: Page, label: string, status = 'disponible') =>
  page.getByRole('button', { name: `Número ${label}, ${status}`, exact: true });

/** Opens the raffle and waits until the board is loaded and live. */
export async function openRaffle(page: Page, raffleId: string, options: { live?: boolean } = {}) {
  await page.goto(`/raffle/${raffleId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-number="0"]')).toBeVisible();
  // A closed raffle's list no longer changes: it shows its banner and no live badge (issue 19).
  const live = page.getByText('En vivo', { exact: true });
  if (options.live !== false) await expect(live.or(page.getByTestId('raffle-status-banner'))).toBeVisible();
}

/** Fills the checkout form with BUYER. */
export async function fillCheckout(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre y apellido').fill(BUYER.name);
  await dialog.getByLabel('Teléfono').fill(BUYER.phone);
  await dialog.getByRole('textbox', { name: 'Cédula' }).fill(BUYER.cedulaDigits);
  await dialog.getByLabel('Dirección').fill(BUYER.address);
  await dialog.getByLabel('Correo (opcional)').fill(BUYER.email);
}

/** Picks one number on the board, fills the checkout and reserves it, up to the success screen. */
export async function reserveOneNumber(page: Page, label: string) {
  await cell(page, label).click();
  await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
  await fillCheckout(page);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Apartar 1 número/ })
    .click();
  await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
}

/** A raffle's live stream, whatever its query (the app asks for `?batch=1`). */
export const LIVE_STREAM_URL = /\/api\/raffles\/[^/]+\/events(\?|$)/;

/**
 * A buyer's phone (412 × 915) on a new raffle's page, without the live stream: only the server's
 * answers tell it what changed. Routes set before opening (`beforeOpen`) see the page's first load.
 */
export async function phoneOnNewRaffle(
  browser: Browser,
  request: APIRequestContext,
  beforeOpen: (page: Page) => Promise<unknown> = async () => {},
) {
  const raffle = await createActiveRaffle(request);
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 412, height: 915 });
  await page.route(LIVE_STREAM_URL, (route) => route.abort());
  await beforeOpen(page);
  await openRaffle(page, raffle.id, { live: false });
  return { raffle, context, page };
}

/** A buyer's phone (412 × 915) on a new raffle's page with its live stream open, as any visitor has it. */
export async function livePhoneOnNewRaffle(browser: Browser, request: APIRequestContext) {
  const raffle = await createActiveRaffle(request);
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await openRaffle(page, raffle.id);
  return { raffle, context, page };
}
