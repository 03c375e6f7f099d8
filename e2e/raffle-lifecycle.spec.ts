import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiSignIn,
  createStaffUser,
  expect,
  signInAsAdmin,
  signInWithForm,
  test,
  toast,
} from './fixtures';
import { cell, createActiveRaffle, openRaffle, setVesRate } from './raffle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 9: the life of a raffle after its sales: close from the dashboard card, register the
// official result, the winner for staff; the public page with its published list and Verificar;
// home's "Sorteos realizados".

const SHOTS = 'docs/screenshots/issue-9';
const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };
const DRAW_SOURCE = 'Triple Táchira A, 10:00 p. m.';

let sequence = 0;
/** A cedula no other spec uses. */
const uniqueCedula = () => `V-${String(30_000_000 + ((Date.now() + ++sequence * 7919) % 9_000_000))}`;

const WINNER = {
  name: 'María Pérez',
  phone: '0414-1234567',
  address: 'San Cristóbal, Barrio Obrero',
  email: 'maria.perez@example.com',
};

async function adminPost(request: APIRequestContext, path: string, data?: unknown) {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const response = await request.post(path, { data, headers: { Authorization: `Bearer ${access_token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** An active 3-digit raffle with three sold numbers: 007 and 120 (one buyer), 042 (the winner-to-be). */
async function seedRaffle(request: APIRequestContext, prefix: string) {
  const raffle = await createActiveRaffle(request, {
    name: uniqueRaffleName(prefix),
    total_numbers: 200,
    digit_count: 3,
    price_cents: 1000,
    draw_source: DRAW_SOURCE,
  });
  const winnerCedula = uniqueCedula();
  await reserveViaApi(request, raffle.id, [7, 120], { name: 'José Rivas', cedula: uniqueCedula() });
  await reserveViaApi(request, raffle.id, [42], { ...WINNER, cedula: winnerCedula });
  return { ...raffle, winnerCedula };
}

const cardOf = (page: Page, name: string) => page.getByTestId('staff-raffle-card').filter({ hasText: name });

/** Screenshots only: toasts fade out on their own after a few seconds; wait until none covers the page. */
async function noToasts(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/** A full-page screenshot from the top, so the sticky header is not painted over the middle. */
async function fullPageShot(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

/**
 * Runs `shoot` at phone and desktop size (the one `current` first), then returns to `current`.
 * A resize restarts a dialog's entry animation: shoot with `animations: 'disabled'`.
 */
async function bothSizes(
  page: Page,
  current: typeof PHONE,
  shoot: (size: '412' | '1440') => Promise<unknown>,
) {
  const sizes = [
    ['412', PHONE],
    ['1440', DESKTOP],
  ] as const;
  for (const [size, viewport] of current === PHONE ? sizes : [...sizes].reverse()) {
    await page.setViewportSize(viewport);
    await shoot(size);
  }
  await page.setViewportSize(current);
}

/** The published list and its SHA-256 as anyone gets them, hashed here with Node's own sha256. */
async function publishedDraw(request: APIRequestContext, raffleId: string) {
  const response = await request.get(`/api/raffles/${raffleId}/draw`);
  expect(response.status()).toBe(200);
  const draw = (await response.json()) as { sold_list: string; draw_commitment: string };
  expect(createHash('sha256').update(draw.sold_list).digest('hex')).toBe(draw.draw_commitment);
  return draw;
}

test.describe('raffle lifecycle', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('an admin closes sales from the card, registers the result and sees the winner to contact', async ({
    page,
    request,
  }) => {
    await setVesRate(request, 36.5);
    const raffle = await seedRaffle(request, 'Moto Lifecycle');
    await signInAsAdmin(page);
    const card = cardOf(page, raffle.name);
    await expect(card.getByText('Activa', { exact: true })).toBeVisible();
    await noToasts(page);

    // Close: the dialog says what becomes final before anything happens.
    await card.getByRole('button', { name: `Cerrar las ventas de ${raffle.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('heading', { name: `¿Cerrar las ventas de «${raffle.name}»?` }),
    ).toBeVisible();
    await expect(dialog.getByText(/huella digital \(SHA-256\)/)).toBeVisible();
    await expect(dialog.getByText(/No se pueden apartar más números, ni liberar números/)).toBeVisible();
    await expect(dialog.getByText(/Los pagos siguen/)).toBeVisible();
    await expect(dialog.getByText('Entran 3 números en la lista publicada.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/close-dialog-412.png`, animations: 'disabled' });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SHOTS}/close-dialog-1440.png`, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await dialog.getByRole('button', { name: 'Sí, cerrar ventas' }).click();
    await expect(toast(page, 'Ventas cerradas')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText('Cerrada', { exact: true })).toBeVisible();
    await expect(
      card.getByText(`Ventas cerradas. Falta registrar el resultado de ${DRAW_SOURCE}`),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: /^Cerrar las ventas/ })).toHaveCount(0);
    // The list is frozen: a late buyer is turned away by the server.
    const late = await request.post(`/api/raffles/${raffle.id}/reservations`, {
      data: { numbers: [1], buyer: { ...WINNER, cedula: uniqueCedula() } },
    });
    expect(late.status()).toBe(409);

    // Draw, on a desktop: the official number, padded as on the board, then a confirm step.
    await page.setViewportSize(DESKTOP);
    await noToasts(page);
    await card.getByRole('button', { name: `Registrar el resultado de ${raffle.name}` }).click();
    await expect(
      dialog.getByText(`Escribe el número que salió en el sorteo oficial: ${DRAW_SOURCE}`),
    ).toBeVisible();
    const input = dialog.getByLabel('Número ganador');
    await input.fill('200');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog.getByText('Escribe un número entero entre 0 y 199.')).toBeVisible();
    await input.fill('42');
    await expect(dialog.locator('output')).toHaveText('042');
    await expect(dialog.getByText('Escribe un número entero entre 0 y 199.')).toHaveCount(0);
    await bothSizes(page, DESKTOP, (size) =>
      page.screenshot({ path: `${SHOTS}/draw-dialog-number-${size}.png`, animations: 'disabled' }),
    );
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(
      dialog.getByRole('heading', { name: '¿Registrar el número 042 como ganador?' }),
    ).toBeVisible();
    await expect(dialog.getByText(/no se puede cambiar ni deshacer/)).toBeVisible();
    await bothSizes(page, DESKTOP, (size) =>
      page.screenshot({ path: `${SHOTS}/draw-dialog-${size}.png`, animations: 'disabled' }),
    );
    await dialog.getByRole('button', { name: 'Sí, registrar el 042' }).click();
    await expect(toast(page, 'Resultado registrado: número 042')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The winner with what staff need to deliver the prize.
    await page.setViewportSize(PHONE);
    await expect(card.getByText('Finalizada', { exact: true })).toBeVisible();
    const winner = card.getByTestId('winner-panel');
    await expect(winner.getByText('042', { exact: true })).toBeVisible();
    await expect(winner.getByText('María Pérez', { exact: true })).toBeVisible();
    await expect(winner.getByRole('link', { name: WINNER.phone })).toHaveAttribute(
      'href',
      `tel:${WINNER.phone}`,
    );
    await expect(winner.getByText(raffle.winnerCedula, { exact: true })).toBeVisible();
    await expect(winner.getByText(WINNER.email, { exact: true })).toBeVisible();
    await expect(
      winner.getByText(
        'El número ganador no está pagado completo: faltan $10,00 para poder entregar el premio.',
      ),
    ).toBeVisible();
    const whatsapp = winner.getByRole('link', { name: 'Escribir por WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/584141234567\?text=/);
    expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain(
      `tu número 042 resultó ganador en el sorteo ${DRAW_SOURCE}`,
    );
    await expect(card.getByRole('button', { name: /^Registrar el resultado/ })).toHaveCount(0);
    await noToasts(page);
    // Tall enough for the whole card: the sticky top bar is not painted over it.
    for (const [size, width] of [
      ['412', PHONE.width],
      ['1440', DESKTOP.width],
    ] as const) {
      await page.setViewportSize({ width, height: 1600 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await card.screenshot({ path: `${SHOTS}/winner-card-${size}.png` });
    }
    await page.setViewportSize(PHONE);

    // Drawing twice is refused by the server: the result cannot change.
    const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
    const again = await request.post(`/api/raffles/${raffle.id}/draw`, {
      data: { winning_number: 7 },
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(again.status()).toBe(409);
  });

  test('a number nobody bought: the card says there is no winner', async ({ page, request }) => {
    const raffle = await seedRaffle(request, 'Sin ganador');
    await adminPost(request, `/api/raffles/${raffle.id}/close`);
    await adminPost(request, `/api/raffles/${raffle.id}/draw`, { winning_number: 199 });
    await signInAsAdmin(page);
    const winner = cardOf(page, raffle.name).getByTestId('winner-panel');
    await expect(winner.getByText('199', { exact: true })).toBeVisible();
    await expect(winner.getByText('Número no vendido: sin ganador')).toBeVisible();
  });

  test('a 409 from the server shows its Spanish message in the dialog', async ({ page, request }) => {
    const raffle = await seedRaffle(request, 'Cierre doble');
    await signInAsAdmin(page);
    const card = cardOf(page, raffle.name);
    await expect(card.getByText('Activa', { exact: true })).toBeVisible();
    // Someone else closes it while this dashboard still shows it active.
    await adminPost(request, `/api/raffles/${raffle.id}/close`);
    await card.getByRole('button', { name: `Cerrar las ventas de ${raffle.name}` }).click();
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/raffles/${raffle.id}/close`));
    await page.getByRole('dialog').getByRole('button', { name: 'Sí, cerrar ventas' }).click();
    const response = await answer;
    expect(response.status()).toBe(409);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toMatch(/[áéíóúñ]|cerrad/i);
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(error.message);
  });

  test('a vendedor closes their own raffle but only an admin registers the result', async ({
    page,
    request,
  }) => {
    const seller = await createStaffUser(request);
    const raffle = await createRaffleViaApi(
      request,
      { name: uniqueRaffleName('Rifa del vendedor'), draw_source: DRAW_SOURCE },
      seller,
    );
    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    const card = cardOf(page, raffle.name);
    await card.getByRole('button', { name: `Cerrar las ventas de ${raffle.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sí, cerrar ventas' }).click();
    await expect(
      card.getByText(`Ventas cerradas. Falta registrar el resultado de ${DRAW_SOURCE}`),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: /^Registrar el resultado/ })).toHaveCount(0);
  });

  test('the public page of a closed raffle: no buying, the published list and Verificar', async ({
    page,
    request,
  }) => {
    const raffle = await seedRaffle(request, 'Lista publicada');
    await adminPost(request, `/api/raffles/${raffle.id}/close`);
    const draw = await publishedDraw(request, raffle.id);
    expect(draw.sold_list.split('\n')).toHaveLength(3);

    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await openRaffle(page, raffle.id);
      const banner = page.getByTestId('raffle-status-banner');
      await expect(banner.getByRole('heading', { name: 'Ventas cerradas' })).toBeVisible();
      await expect(banner.getByText(`el ganador saldrá del sorteo ${DRAW_SOURCE}`)).toBeVisible();
      // No buying controls; the board is still there to look at.
      await expect(page.getByRole('button', { name: 'Elegir números' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Elegir al azar' })).toHaveCount(0);
      await expect(page.getByTestId('close-rule')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Números de la rifa' })).toBeVisible();
      await expect(page.getByText('3 apartados o vendidos', { exact: true })).toBeVisible();
      await expect(page.getByRole('switch', { name: 'Solo disponibles' })).toHaveCount(0);
      await expect(cell(page, '042', 'apartado')).toHaveAttribute('aria-disabled', 'true');
      await cell(page, '050').click({ force: true });
      await expect(page.getByRole('button', { name: /^Apartar/ })).toHaveCount(0);

      const list = page.getByTestId('published-list');
      await expect(list.getByRole('heading', { name: 'Lista publicada' })).toBeVisible();
      await expect(list.getByTestId('draw-commitment')).toHaveText(draw.draw_commitment);
      await expect(list.getByText('3 números en la lista')).toBeVisible();
      await list.getByRole('button', { name: 'Ver la lista' }).click();
      const shown = list.getByRole('region', { name: 'Lista publicada de números vendidos' });
      await expect(shown).toHaveText(draw.sold_list);
      // Whole lines on a phone too: they wrap, nothing hides off to the right.
      expect(await shown.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await list.getByRole('button', { name: 'Verificar' }).click();
      await expect(list.getByTestId('verify-result')).toContainText('Coincide: la lista no fue modificada');
      await expect(list.getByTestId('verify-result')).toContainText(draw.draw_commitment);
      await list.getByText('Cómo verificar').click();
      await expect(list.getByText(/sha256sum lista\.txt/)).toBeVisible();
      await fullPageShot(page, `${SHOTS}/raffle-closed-${size}.png`);
    }

    // The download is the exact published text.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^lista-lista-publicada-[a-z0-9-]+\.txt$/);
    expect(readFileSync(await download.path(), 'utf8')).toBe(draw.sold_list);
  });

  test('Verificar catches a list that does not match its fingerprint', async ({ page, request }) => {
    const raffle = await seedRaffle(request, 'Lista alterada');
    await adminPost(request, `/api/raffles/${raffle.id}/close`);
    const draw = await publishedDraw(request, raffle.id);
    // A tampered answer: one number changed, the old fingerprint kept.
    await page.route(`**/api/raffles/${raffle.id}/draw`, (route) =>
      route.fulfill({ json: { ...draw, sold_list: draw.sold_list.replace(/^007:/, '008:') } }),
    );
    await openRaffle(page, raffle.id);
    const list = page.getByTestId('published-list');
    await list.getByRole('button', { name: 'Verificar' }).click();
    await expect(list.getByTestId('verify-result')).toContainText(
      'No coincide: la lista no corresponde a la huella publicada',
    );
  });

  test('after the draw: winner on the board and the banner; home lists it under "Sorteos realizados"', async ({
    page,
    request,
  }) => {
    const drawnRaffle = await seedRaffle(request, 'Sorteada');
    await adminPost(request, `/api/raffles/${drawnRaffle.id}/close`);
    await adminPost(request, `/api/raffles/${drawnRaffle.id}/draw`, { winning_number: 42 });
    const pending = await seedRaffle(request, 'Pendiente');
    await adminPost(request, `/api/raffles/${pending.id}/close`);
    const active = await seedRaffle(request, 'Activa');

    // An active raffle tells buyers the close rule before they buy.
    await openRaffle(page, active.id);
    await expect(page.getByTestId('close-rule')).toHaveText(
      /^Al cerrar las ventas se publica la lista de números apartados y vendidos y ya no cambia\./,
    );
    await expect(page.getByTestId('raffle-status-banner')).toHaveCount(0);
    await expect(page.getByTestId('published-list')).toHaveCount(0);

    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await openRaffle(page, drawnRaffle.id);
      const banner = page.getByTestId('raffle-status-banner');
      await expect(banner.getByRole('heading', { name: 'Sorteo realizado' })).toBeVisible();
      await expect(banner.getByText('Ganador: m*** p***, número 042')).toBeVisible();
      await expect(banner.getByText(`Según el sorteo ${DRAW_SOURCE}`)).toBeVisible();
      // The winning number stands out on the board, with its own name and legend entry.
      const winnerCell = page.getByRole('button', { name: 'Número 042, ganador, apartado', exact: true });
      await banner.getByRole('button', { name: 'Ver en el tablero' }).click();
      await expect(winnerCell).toBeVisible();
      await expect(winnerCell).toHaveAttribute('data-winner', 'true');
      await expect(winnerCell).toHaveCSS('opacity', '1');
      await expect(page.locator('[data-winner]')).toHaveCount(1);
      await expect(page.getByRole('listitem').filter({ hasText: /^ganador$/ })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: /^elegido$/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Elegir al azar' })).toHaveCount(0);
      // Nothing else looks buyable: a number nobody bought is disabled and dimmed, as when closed.
      const unsold = cell(page, '050');
      await expect(unsold).toHaveAttribute('aria-disabled', 'true');
      await expect(unsold).toHaveCSS('opacity', '0.6');
      await expect(cell(page, '007', 'apartado')).toHaveCSS('opacity', '0.6');
      await unsold.click({ force: true });
      await expect(page.getByRole('button', { name: /^Apartar/ })).toHaveCount(0);
      await expect(unsold).not.toHaveAttribute('aria-pressed', 'true');
      const list = page.getByTestId('published-list');
      await list.getByRole('button', { name: 'Verificar' }).click();
      await expect(page.getByTestId('verify-result')).toContainText('Coincide: la lista no fue modificada');
      await fullPageShot(page, `${SHOTS}/raffle-finished-${size}.png`);
    }

    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const section = page.getByRole('region', { name: 'Sorteos realizados' });
      await expect(section).toBeVisible();
      const drawnCard = section.getByTestId('finished-raffle-card').filter({ hasText: drawnRaffle.name });
      await expect(drawnCard.getByText('042', { exact: true })).toBeVisible();
      const pendingCard = section.getByTestId('finished-raffle-card').filter({ hasText: pending.name });
      await expect(pendingCard.getByText('Ventas cerradas — sorteo pendiente')).toBeVisible();
      // Active raffles stay in their own list, finished ones only here.
      await expect(section.getByText(active.name)).toHaveCount(0);
      await expect(page.getByTestId('raffle-card').filter({ hasText: drawnRaffle.name })).toHaveCount(0);
      // The section's heading just under the sticky header.
      await section.evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -120);
      });
      await page.screenshot({ path: `${SHOTS}/home-finished-${size}.png` });
    }
    await page
      .getByRole('region', { name: 'Sorteos realizados' })
      .getByRole('link', { name: drawnRaffle.name })
      .click();
    await expect(page).toHaveURL(`/raffle/${drawnRaffle.id}`);
    await expect(page.getByRole('heading', { name: 'Sorteo realizado' })).toBeVisible();
  });

  test('axe: the finished raffle page with its list open, and the winner on the dashboard', async ({
    page,
    request,
  }) => {
    const raffle = await seedRaffle(request, 'Axe sorteada');
    await adminPost(request, `/api/raffles/${raffle.id}/close`);
    await adminPost(request, `/api/raffles/${raffle.id}/draw`, { winning_number: 42 });
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

    await openRaffle(page, raffle.id);
    const list = page.getByTestId('published-list');
    await list.getByRole('button', { name: 'Ver la lista' }).click();
    await list.getByRole('button', { name: 'Verificar' }).click();
    await expect(list.getByTestId('verify-result')).toBeVisible();
    expect(await serious()).toEqual([]);

    await signInAsAdmin(page);
    await expect(cardOf(page, raffle.name).getByText('María Pérez', { exact: true })).toBeVisible();
    expect(await serious()).toEqual([]);
  });
});
