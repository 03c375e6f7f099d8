import type { Route } from '@playwright/test';
import { expect, screenshot, test, toast } from './fixtures';
import { receiptPng, uniqueBuyer } from './payments-helpers';
import { createActiveRaffle, phoneContext, phoneOnNewRaffle, reserveOneNumber } from './raffle-helpers';
import { reserveViaApi } from './raffle-seed';

// On a phone the answer to «Enviar comprobante» can be lost after the server saved the payment.
// Cash has no reference the server could recognize a resend by (decision 057 covers references):
// the page has to see for itself that the payment arrived, or the buyer reports the money twice.
const PAYMENTS_URL = /\/api\/payments$/;

async function saveThenDrop(route: Route) {
  await route.fetch();
  await route.abort('connectionreset');
}

test.describe('a payment report whose answer was lost', () => {
  test('on the order page says it was received when the order shows it, and is not sent twice', {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    const { context, page } = await phoneOnNewRaffle(browser, request);
    await reserveOneNumber(page, '031');

    const form = page.getByTestId('order-payment-form');
    await form.getByRole('combobox', { name: 'Método de pago' }).click();
    await page.getByRole('option', { name: 'Efectivo' }).click();
    let sendings = 0;
    await page.route(PAYMENTS_URL, (route) => {
      sendings += 1;
      return saveThenDrop(route);
    });
    await form.getByRole('button', { name: 'Enviar comprobante' }).click();

    // «Recibimos tu pago…» or, once the order shows it pending, «Recibimos tu comprobante…».
    await expect(
      page.getByRole('status').filter({ hasText: /^Recibimos tu (pago|comprobante)\./ }),
    ).toBeVisible();
    await expect(page.getByText(/No se pudo conectar con el servidor/)).toHaveCount(0);
    await expect(page.getByTestId('order-payments').getByRole('listitem')).toHaveCount(1);
    await screenshot(page, 'payment-lost-answer/order-received-412.png', { fullPage: true });
    expect(sendings).toBe(1);
    await context.close();
  });

  test('with no signal even to check, the next tap gets the same payment, not a second one', async ({
    browser,
    request,
  }) => {
    const { context, page } = await phoneOnNewRaffle(browser, request);
    await reserveOneNumber(page, '032');
    const form = page.getByTestId('order-payment-form');
    await form.getByRole('combobox', { name: 'Método de pago' }).click();
    await page.getByRole('option', { name: 'Efectivo' }).click();
    // The report is saved and its answer lost; the order cannot be read again either.
    const ORDER_URL = /\/api\/orders\/[^/?]+(\?|$)/;
    await page.route(PAYMENTS_URL, saveThenDrop);
    await page.route(ORDER_URL, (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(form.getByText(/No se pudo conectar con el servidor/)).toBeVisible();

    // The signal is back: the same tap carries the same key, and the server answers that payment.
    await page.unroute(PAYMENTS_URL);
    await page.unroute(ORDER_URL);
    await form.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Recibimos tu (pago|comprobante)\./ }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('order-payments').getByRole('listitem')).toHaveCount(1);
    await context.close();
  });

  test('from tracking closes the sheet as sent when the lookup shows it, and is not sent twice', {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    const raffle = await createActiveRaffle(request);
    const buyer = uniqueBuyer('Yusmary Contreras');
    await reserveViaApi(request, raffle.id, [44], buyer);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto('/tracking');
    await page.getByLabel('Cédula', { exact: true }).fill(buyer.cedula.slice(2));
    await page.getByLabel('Últimos 4 dígitos de tu teléfono').fill(buyer.phone.slice(-4));
    await page.getByRole('button', { name: 'Consultar' }).click();

    const ticket = page.getByTestId('tracked-ticket').filter({ hasText: '#044' });
    await ticket.getByRole('button', { name: 'Enviar comprobante' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar comprobante del número 044' });
    await dialog.locator('input[type=file]').setInputFiles(await receiptPng(page, ['Zelle', '$5,00']));
    await expect(dialog.getByText('Comprobante listo')).toBeVisible();
    let sendings = 0;
    await page.route(PAYMENTS_URL, (route) => {
      sendings += 1;
      return saveThenDrop(route);
    });
    await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();

    await expect(toast(page, 'Comprobante enviado: el organizador lo revisará')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(ticket.getByTestId('tracked-payment')).toHaveCount(1);
    await expect(ticket.getByText('Tu pago está en revisión')).toBeVisible();
    await screenshot(page, 'payment-lost-answer/tracking-received-412.png');
    expect(sendings).toBe(1);
    await context.close();
  });
});
