import { expect, screenshot, test } from './fixtures';
import { BUYER, cell, fillCheckout, phoneOnNewRaffle, reserveThroughApi } from './raffle-helpers';

// The buyer chooses numbers, leaves for WhatsApp or the bank app before «Apartar», and the phone
// discards the tab meanwhile: coming back reloads the raffle page.
test.describe('the numbers chosen on a raffle after a reload', () => {
  test('stay chosen, except one someone else took meanwhile', { tag: '@screenshots' }, async ({
    browser,
    request,
  }) => {
    const { raffle, context, page } = await phoneOnNewRaffle(browser, request);
    for (const label of ['020', '021', '030']) await cell(page, label).click();
    await expect(page.getByRole('button', { name: /^Apartar 3 números/ })).toBeVisible();

    await reserveThroughApi(request, raffle.id, [30]);
    await page.reload();
    await expect(page.locator('[data-number="0"]')).toBeVisible();
    await expect(cell(page, '020', 'elegido por ti')).toBeVisible();
    await expect(cell(page, '021', 'elegido por ti')).toBeVisible();
    await expect(cell(page, '030', 'apartado')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Apartar 2 números/ })).toBeVisible();
    await screenshot(page, 'selection-reload/kept-after-reload-412.png');

    // «Quitar todos» is kept too: the next reload starts with nothing chosen.
    await page.getByRole('button', { name: 'Quitar todos' }).click();
    await page.reload();
    await expect(cell(page, '020')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Apartar \d/ })).toHaveCount(0);
    await context.close();
  });

  test('keep what was typed in the checkout sheet until the reservation is made', {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    const { raffle, context, page } = await phoneOnNewRaffle(browser, request);
    await cell(page, '040').click();
    await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
    await fillCheckout(page);

    await page.reload();
    await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByLabel('Nombre y apellido')).toHaveValue(BUYER.name);
    await expect(sheet.getByLabel('Teléfono')).toHaveValue(BUYER.phone);
    await expect(sheet.getByRole('textbox', { name: 'Cédula' })).toHaveValue(BUYER.cedulaDigits);
    await expect(sheet.getByLabel('Dirección')).toHaveValue(BUYER.address);
    await screenshot(page, 'selection-reload/checkout-after-reload-412.png');
    await sheet.getByRole('button', { name: /^Apartar 1 número/ }).click();
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();

    // Reserved: a later reload of the raffle starts an empty sheet.
    await page.goto(`/raffle/${raffle.id}`);
    await cell(page, '041').click();
    await page.reload();
    await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
    await expect(page.getByRole('dialog').getByLabel('Nombre y apellido')).toHaveValue('');
    await context.close();
  });
});
