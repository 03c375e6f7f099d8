import { expect, screenshot, test, uniqueReference } from './fixtures';
import { receiptPng } from './payments-helpers';
import {
  createActiveRaffle,
  LIVE_STREAM_URL,
  openRaffle,
  phoneContext,
  phoneOnNewRaffle,
  reserveOneNumber,
} from './raffle-helpers';

// The buyer fills «Enviar comprobante», leaves for the bank app to copy the reference, and the
// phone discards the tab meanwhile: coming back reloads the order page.
test.describe('the order page payment form after a reload', () => {
  test('keeps what was typed and the uploaded proof until it is sent', {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    const { context, page } = await phoneOnNewRaffle(browser, request);
    await reserveOneNumber(page, '052');

    let form = page.getByTestId('order-payment-form');
    await form.getByRole('combobox', { name: 'Método de pago' }).click();
    await page.getByRole('option', { name: 'Pago móvil' }).click();
    await form.getByRole('combobox', { name: 'Banco desde el que pagaste' }).click();
    await page.getByRole('option', { name: '0102 · Banco de Venezuela' }).click();
    const reference = uniqueReference();
    await form.getByLabel('Número de referencia').fill(reference);
    await form.getByLabel('Teléfono desde el que hiciste el pago móvil').fill('0414-5550101');
    await form.locator('input[type=file]').setInputFiles(await receiptPng(page, ['Pago móvil', reference]));
    await expect(form.getByText('Comprobante listo')).toBeVisible();

    await page.reload();
    form = page.getByTestId('order-payment-form');
    await expect(form.getByRole('combobox', { name: 'Método de pago' })).toHaveText('Pago móvil');
    await expect(form.getByRole('combobox', { name: 'Banco desde el que pagaste' })).toContainText(
      'Banco de Venezuela',
    );
    await expect(form.getByLabel('Número de referencia')).toHaveValue(reference);
    await expect(form.getByLabel('Teléfono desde el que hiciste el pago móvil')).toHaveValue('0414-5550101');
    await expect(form.getByText('Comprobante listo')).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'order-payment-reload/kept-after-reload-412.png');

    await form.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(
      page.getByText('Recibimos tu pago. El organizador lo revisará y lo confirmará.'),
    ).toBeVisible();
    const sent = page.getByTestId('order-payments').getByRole('listitem');
    await expect(sent).toHaveCount(1);

    // Sent: another payment starts from an empty form, not from this one.
    await page.reload();
    await page.getByRole('button', { name: 'Enviar otro pago' }).click();
    form = page.getByTestId('order-payment-form');
    await expect(form.getByLabel(/^Número de referencia/)).toHaveValue('');
    await expect(form.getByText('Comprobante listo')).toHaveCount(0);
    await context.close();
  });

  test('reloaded while the payment was on its way, does not offer that payment again', async ({
    browser,
    request,
  }) => {
    const raffle = await createActiveRaffle(request);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.route(LIVE_STREAM_URL, (route) => route.abort());
    await openRaffle(page, raffle.id, { live: false });
    await reserveOneNumber(page, '053');

    let form = page.getByTestId('order-payment-form');
    await form.getByRole('combobox', { name: 'Método de pago' }).click();
    await page.getByRole('option', { name: 'Efectivo' }).click();
    await form.getByLabel('Número de referencia (opcional)').fill('ENTREGADO A JOSÉ');
    // The server saves it; its answer is still on the way when the tab reloads.
    let saved!: () => void;
    const arrived = new Promise<void>((resolve) => {
      saved = resolve;
    });
    await page.route(/\/api\/payments$/, async (route) => {
      await route.fetch();
      saved();
    });
    await form.getByRole('button', { name: 'Enviar comprobante' }).click();
    await arrived;
    await page.unroute(/\/api\/payments$/);
    await page.reload();

    await expect(page.getByTestId('order-payments').getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Enviar otro pago' }).click();
    form = page.getByTestId('order-payment-form');
    await expect(form.getByLabel(/^Número de referencia/)).toHaveValue('');
    await context.close();
  });
});
