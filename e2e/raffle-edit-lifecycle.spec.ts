import type { Page } from '@playwright/test';
import { expect, screenshot, signInAsAdmin, test, toast, withAdminSession } from './fixtures';
import { closeRaffleViaApi, createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 9 (decision 010): the edit form offers only the status changes the server allows, says
// the server's refusal, warns that a new price applies to new sales only, and locks a closed
// raffle's terms. Screenshots (npm run screenshots) land in screenshots/issue-9.
const PRICE_WARNING =
  'El nuevo precio solo aplica a las ventas nuevas; los números ya apartados o vendidos conservan su precio.';
const NO_DRAFT = 'La rifa ya tiene números apartados o vendidos: no puede volver a borrador.';

const TERMS_LOCKED = 'No se puede cambiar: ya se apartaron o vendieron números de esta rifa.';
const CLOSED_LOCKED = 'No se puede cambiar: la rifa ya cerró.';
const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };

const statusRadios = (page: Page) => page.getByRole('group', { name: 'Estado' }).getByRole('radio');
const drawSource = (page: Page) => page.getByRole('combobox', { name: 'Fuente del sorteo' });

/** Scrolls so the element sits mid-screen (the phone's sticky save bar covers the bottom). */
const centerOn = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));

async function openEdit(page: Page, id: string, name: string) {
  await page.goto(`/dashboard/admin/edit/${id}`);
  await expect(page.getByLabel('Nombre de la rifa')).toHaveValue(name);
}

test.describe('raffle lifecycle on the edit form', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('offers borrador/activa only, shows the server’s refusal, then the price warning once sold', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, { name: uniqueRaffleName('Moto ciclo') });
    await withAdminSession(page);
    await openEdit(page, raffle.id, raffle.name);
    await expect(statusRadios(page)).toHaveCount(2);
    await expect(page.getByRole('radio', { name: /^Borrador/ })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Cerrada/ })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: /^Finalizada/ })).toHaveCount(0);
    await expect(page.getByText(PRICE_WARNING)).toHaveCount(0);

    // A buyer reserves while the form is open: back to borrador is now refused by the server.
    await reserveViaApi(request, raffle.id, [3], { cedula: 'V-20111222' });
    await page.getByRole('radio', { name: /^Borrador/ }).check();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'Error al actualizar la rifa', NO_DRAFT)).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Estado' }).getByRole('alert').filter({ hasText: NO_DRAFT }),
    ).toBeVisible();

    // Reloaded, the form knows the raffle has sales.
    await openEdit(page, raffle.id, raffle.name);
    await expect(statusRadios(page)).toHaveCount(1);
    await expect(page.getByRole('radio', { name: /^Activa/ })).toBeChecked();
    await expect(page.getByText(NO_DRAFT)).toBeVisible();
    const price = page.getByLabel('Precio por número (USD)');
    await expect(page.getByText(PRICE_WARNING)).toBeVisible();
    await expect(price).toHaveAttribute('aria-describedby', /raffle-price-warning/);
    // The official draw is fixed once someone bought (the server answers DRAW_SOURCE_LOCKED), and
    // so are the terms a number is sold under (TERMS_LOCKED, issue 18).
    await expect(drawSource(page)).toBeDisabled();
    await expect(drawSource(page)).toHaveAccessibleDescription(TERMS_LOCKED);
    const digits = page.getByRole('combobox', { name: 'Cifras por número' });
    await expect(digits).toBeDisabled();
    await expect(digits).toHaveAccessibleDescription(TERMS_LOCKED);
    await expect(page.getByLabel('Cantidad de números')).not.toBeEditable();
    await expect(page.getByRole('group', { name: 'Forma de pago' })).toHaveAccessibleDescription(
      TERMS_LOCKED,
    );
    await centerOn(page, '#raffle-price-warning');
    await screenshot(page, 'issue-9/edit-price-warning-1440.png');

    await price.fill('8');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'Rifa actualizada')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test('a raffle with sales warns beside the price', { tag: '@screenshots' }, async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, { name: uniqueRaffleName('Nevera ciclo') });
    await reserveViaApi(request, raffle.id, [1], { cedula: 'V-20333444' });
    await withAdminSession(page);
    await openEdit(page, raffle.id, raffle.name);
    await expect(page.getByText(PRICE_WARNING)).toBeVisible();
    await centerOn(page, '#raffle-price-warning');
    await screenshot(page, 'issue-9/edit-price-warning-412.png');
  });

  test('a closed raffle keeps its terms, status and prize text; its organizer is still editable', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('TV cerrada'),
      payment_type: 'cuotas',
      installments: 4,
      draw_source: 'Triple Táchira A, 10:00 p. m.',
    });
    await reserveViaApi(request, raffle.id, [2], { cedula: 'V-20555666' });
    await closeRaffleViaApi(request, raffle.id);
    await signInAsAdmin(page);
    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await openEdit(page, raffle.id, raffle.name);
      await expect(page.getByText(/La rifa ya cerró: el precio, la cantidad de números/)).toBeVisible();
      await expect(page.getByLabel('Precio por número (USD)')).toHaveAttribute('readonly', '');
      await expect(page.getByText(PRICE_WARNING)).toHaveCount(0);
      // Every term the server refuses to change on a closed raffle (409 RAFFLE_CLOSED) is locked,
      // each saying why.
      const digits = page.getByRole('combobox', { name: 'Cifras por número' });
      await expect(digits).toBeDisabled();
      await expect(digits).toHaveAccessibleDescription(CLOSED_LOCKED);
      const paymentType = page.getByRole('group', { name: 'Forma de pago' });
      await expect(paymentType).toHaveAccessibleDescription(CLOSED_LOCKED);
      await expect(paymentType.getByRole('radio', { name: /^Cuotas/ })).toBeChecked();
      await expect(paymentType.getByRole('radio', { name: /^Cuotas/ })).toBeDisabled();
      await expect(paymentType.getByRole('radio', { name: /^Pago único/ })).toBeDisabled();
      await expect(page.getByLabel('Cantidad de cuotas')).not.toBeEditable();
      await expect(page.getByLabel('Cantidad de cuotas')).toHaveValue('4');
      await expect(drawSource(page)).toBeDisabled();
      await expect(drawSource(page)).toHaveAccessibleDescription(CLOSED_LOCKED);
      await expect(statusRadios(page)).toHaveCount(1);
      await expect(page.getByRole('radio', { name: /^Cerrada/ })).toBeChecked();
      await centerOn(page, '#raffle-digits');
      await screenshot(page, `issue-9/edit-closed-${size}.png`);
      await centerOn(page, '#raffle-draw-kind');
      await screenshot(page, `issue-9/edit-closed-draw-${size}.png`);
      await centerOn(page, '#section-publish');
      await screenshot(page, `issue-9/edit-closed-status-${size}.png`);
    }

    // The prize text froze with the list (issue 19): a dated clarification is the way to add to it.
    await expect(page.getByLabel('Nombre de la rifa')).not.toBeEditable();
    // The locked fields still go out unchanged: the save goes through.
    await page.getByLabel('Nombre del organizador').fill('Rifas El Trébol');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'Rifa actualizada')).toBeVisible();
    const saved = await (await request.get(`/api/raffles/${raffle.id}`)).json();
    expect(saved).toMatchObject({
      name: raffle.name,
      organizer_name: 'Rifas El Trébol',
      payment_type: 'cuotas',
      installments: 4,
    });
  });
});
