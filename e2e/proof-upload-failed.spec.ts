import type { Locator } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { receiptPng } from './payments-helpers';
import { phoneOnNewRaffle, reserveOneNumber } from './raffle-helpers';

/**
 * «Subirlo otra vez» and «Quitar comprobante» as they lie: one row of equal halves, or stacked at
 * the field's full width (as «Elegir archivo» below them), never one wrapped alone under the other.
 */
async function expectTidyButtons(form: Locator, layout: 'row' | 'stacked') {
  const box = async (name: string) => {
    const found = await form.getByRole('button', { name, exact: true }).boundingBox();
    if (!found) throw new Error(`${name} is not shown`);
    return found;
  };
  const retry = await box('Subirlo otra vez');
  const remove = await box('Quitar comprobante');
  const choose = await box('Elegir archivo: Foto o PDF del pago (opcional)');
  expect(Math.round(remove.width)).toBe(Math.round(retry.width));
  if (layout === 'stacked') {
    expect(Math.round(retry.width)).toBe(Math.round(choose.width));
    expect(Math.round(remove.x)).toBe(Math.round(retry.x));
    expect(remove.y).toBeGreaterThanOrEqual(retry.y + retry.height);
  } else {
    expect(Math.round(remove.y)).toBe(Math.round(retry.y));
    expect(remove.x + remove.width - retry.x).toBeCloseTo(choose.width, 0);
  }
}

// The signal drops while the proof goes up. Before, the form still sent the payment without it,
// said «Recibimos tu pago», and the buyer believed the organizer had their proof.
test.describe('a proof whose upload failed', () => {
  test('holds the payment until it is sent again, with one tap', { tag: '@screenshots' }, async ({
    browser,
    request,
  }) => {
    const { context, page } = await phoneOnNewRaffle(browser, request);
    await reserveOneNumber(page, '061');

    const form = page.getByTestId('order-payment-form');
    await form.getByRole('combobox', { name: 'Método de pago' }).click();
    await page.getByRole('option', { name: 'Efectivo' }).click();
    let uploads = 0;
    await page.route('**/api/uploads', (route) => {
      uploads += 1;
      return uploads === 1 ? route.abort('internetdisconnected') : route.continue();
    });
    await form.locator('input[type=file]').setInputFiles(await receiptPng(page, ['Efectivo', '$5,00']));
    await expect(form.getByText(/^No se pudo conectar con el servidor/)).toBeVisible();
    const send = form.getByRole('button', { name: 'Enviar comprobante' });
    await expect(send).toBeDisabled();
    await form.getByRole('button', { name: 'Subirlo otra vez' }).scrollIntoViewIfNeeded();
    await expectTidyButtons(form, 'stacked');
    await screenshot(page, 'proof-upload-failed/order-412.png');
    await page.setViewportSize({ width: 1440, height: 900 });
    await form.getByRole('button', { name: 'Subirlo otra vez' }).scrollIntoViewIfNeeded();
    await expectTidyButtons(form, 'row');
    await screenshot(page, 'proof-upload-failed/order-1440.png');
    await page.setViewportSize({ width: 412, height: 915 });

    await form.getByRole('button', { name: 'Subirlo otra vez' }).click();
    await expect(form.getByText('Comprobante listo')).toBeVisible();
    expect(uploads).toBe(2);
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/payments') && r.method() === 'POST');
    await send.click();
    expect((await posted).postDataJSON()).toHaveProperty('payment_proof');
    await expect(
      page.getByText('Recibimos tu pago. El organizador lo revisará y lo confirmará.'),
    ).toBeVisible();
    await context.close();
  });
});
