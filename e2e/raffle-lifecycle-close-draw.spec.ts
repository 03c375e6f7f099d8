import type { Page } from '@playwright/test';
import {
  ADMIN,
  apiSignIn,
  createStaffUser,
  expect,
  screenshot,
  signInAsAdmin,
  signInWithForm,
  test,
  toast,
} from './fixtures';
import { setVesRate } from './raffle-helpers';
import {
  cardOf,
  DESKTOP,
  DRAW_SOURCE,
  PHONE,
  seedRaffleWithSales,
  uniqueCedula,
  WINNER,
} from './raffle-lifecycle-helpers';
import {
  closeRaffleViaApi,
  createRaffleViaApi,
  drawRaffleViaApi,
  uniqueRaffleName,
  withoutDeclaredSourceViaApi,
} from './raffle-seed';

// Issue 9, on the dashboard: close sales from the raffle's card, register the official result, and
// the winner for staff.

/** Screenshots only: toasts fade out on their own after a few seconds; wait until none covers the page. */
async function noToasts(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
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

test.describe('raffle lifecycle', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('an admin closes sales from the card, registers the result and sees the winner to contact', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    await setVesRate(request, 36.5);
    const raffle = await seedRaffleWithSales(request, 'Moto Lifecycle');
    await signInAsAdmin(page);
    const card = cardOf(page, raffle.name);
    await expect(card.getByText('Activa', { exact: true })).toBeVisible();
    await noToasts(page);

    // Close: the dialog says what becomes final before anything happens.
    await card.getByRole('button', { name: `Cerrar ventas de ${raffle.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('heading', { name: `¿Cerrar las ventas de «${raffle.name}»?` }),
    ).toBeVisible();
    await expect(dialog.getByText(/huella digital \(raíz Merkle SHA-256\)/)).toBeVisible();
    await expect(dialog.getByText(/No se pueden apartar más números, ni liberar números/)).toBeVisible();
    await expect(dialog.getByText(/Los pagos siguen/)).toBeVisible();
    await expect(dialog.getByText('Entran 3 números en la lista publicada.')).toBeVisible();
    await screenshot(page, 'issue-9/close-dialog-412.png', { animations: 'disabled' });
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'issue-9/close-dialog-1440.png', { animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await dialog.getByRole('button', { name: 'Sí, cerrar ventas' }).click();
    await expect(toast(page, 'Ventas cerradas')).toBeVisible();
    // Issue 19: the dialog goes on to the share of the fingerprint (sealed-draw.spec.ts checks it).
    await dialog.getByRole('button', { name: 'Listo' }).click();
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
    await card.getByRole('button', { name: `Registrar resultado de ${raffle.name}` }).click();
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
      screenshot(page, `issue-9/draw-dialog-number-${size}.png`, { animations: 'disabled' }),
    );
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(
      dialog.getByRole('heading', { name: '¿Registrar el número 042 como ganador?' }),
    ).toBeVisible();
    await expect(dialog.getByText(/no se puede cambiar ni deshacer/)).toBeVisible();
    await bothSizes(page, DESKTOP, (size) =>
      screenshot(page, `issue-9/draw-dialog-${size}.png`, { animations: 'disabled' }),
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
    await expect(card.getByRole('button', { name: /^Registrar resultado/ })).toHaveCount(0);
    await noToasts(page);
    // Tall enough for the whole card: the sticky top bar is not painted over it.
    for (const [size, width] of [
      ['412', PHONE.width],
      ['1440', DESKTOP.width],
    ] as const) {
      await page.setViewportSize({ width, height: 1600 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(card, `issue-9/winner-card-${size}.png`);
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
    const raffle = await seedRaffleWithSales(request, 'Sin ganador');
    await closeRaffleViaApi(request, raffle.id);
    await drawRaffleViaApi(request, raffle.id, 199);
    await signInAsAdmin(page);
    const winner = cardOf(page, raffle.name).getByTestId('winner-panel');
    await expect(winner.getByText('199', { exact: true })).toBeVisible();
    await expect(winner.getByText('Número no vendido: sin ganador')).toBeVisible();
  });

  test('a 409 from the server shows its Spanish message in the dialog', async ({ page, request }) => {
    const raffle = await seedRaffleWithSales(request, 'Cierre doble');
    await signInAsAdmin(page);
    const card = cardOf(page, raffle.name);
    await expect(card.getByText('Activa', { exact: true })).toBeVisible();
    // Someone else closes it while this dashboard still shows it active.
    await closeRaffleViaApi(request, raffle.id);
    await card.getByRole('button', { name: `Cerrar ventas de ${raffle.name}` }).click();
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
    await withoutDeclaredSourceViaApi(request, raffle.id); // its result typed from DRAW_SOURCE
    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    const card = cardOf(page, raffle.name);
    await card.getByRole('button', { name: `Cerrar ventas de ${raffle.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sí, cerrar ventas' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Listo' }).click();
    await expect(
      card.getByText(`Ventas cerradas. Falta registrar el resultado de ${DRAW_SOURCE}`),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: /^Registrar resultado/ })).toHaveCount(0);
  });
});
