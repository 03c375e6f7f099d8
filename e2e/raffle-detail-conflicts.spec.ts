import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, finiteAnimationsDone, SCREENSHOTS_TAG, screenshot, test, toast } from './fixtures';
import {
  BUYER,
  cell,
  fillCheckout,
  livePhoneOnNewRaffle,
  phoneOnNewRaffle,
  reserveThroughApi,
  setRafflePrice,
} from './raffle-helpers';
import { closeRaffleViaApi } from './raffle-seed';

/**
 * A phone buyer with no live updates (only the server's answer can tell them what changed) who
 * chose these numbers and filled the checkout sheet, not yet sent.
 */
async function offlineCheckout(browser: Browser, request: APIRequestContext, labels: string[]) {
  const { raffle, context, page } = await phoneOnNewRaffle(browser, request);
  for (const label of labels) await cell(page, label).click();
  await page.getByRole('button', { name: /^Apartar \d+ números?/ }).click();
  await fillCheckout(page);
  return { raffle, context, page, dialog: page.getByRole('dialog') };
}

test.describe('raffle detail: someone else was faster', () => {
  test('409: the page names the taken number, deselects it and keeps the form', async ({
    browser,
    request,
  }) => {
    const { raffle, context, page, dialog } = await offlineCheckout(browser, request, ['007']);
    await reserveThroughApi(request, raffle.id, [7]);
    await dialog.getByRole('button', { name: /^Apartar 1 número/ }).click();

    await expect(
      dialog.getByRole('alert').filter({ hasText: 'El número 007 ya no está disponible. Elige otro.' }),
    ).toBeVisible();
    // Reported once, in the sheet: no toast over the fields.
    await expect(toast(page, 'Error al reservar el ticket')).toHaveCount(0);
    await expect(dialog.getByText('Elige al menos un número en el tablero para continuar.')).toBeVisible();
    // Nothing left to reserve: the button leads back to the board, never "Apartar 0 números — $0,00".
    await expect(dialog.getByRole('button', { name: /^Apartar/ })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Volver al tablero' })).toBeFocused();
    await expect(dialog.getByLabel('Nombre y apellido')).toHaveValue(BUYER.name);
    await expect(dialog.getByLabel('Teléfono')).toHaveValue(BUYER.phone);

    // Back to the board: 007 is taken now; another number and the same form finish the job.
    await dialog.getByRole('button', { name: 'Volver al tablero' }).click();
    await expect(cell(page, '007', 'apartado')).toBeVisible();
    await cell(page, '008').click();
    await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
    await expect(dialog.getByLabel('Dirección')).toHaveValue(BUYER.address);
    await dialog.getByRole('button', { name: /^Apartar 1 número/ }).click();
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    await expect(page.locator('#rd-printable-ticket').getByText('008', { exact: true })).toBeVisible();
    await context.close();
  });

  test('409 on two numbers: the smaller set and its total must be confirmed before the next submit', async ({
    browser,
    request,
  }) => {
    const { raffle, context, page, dialog } = await offlineCheckout(browser, request, ['031', '032']);
    await reserveThroughApi(request, raffle.id, [31]);
    await dialog.getByRole('button', { name: /^Apartar 2 números/ }).click();

    const changed = dialog.getByTestId('checkout-changed');
    await expect(changed).toContainText('Tu selección cambió');
    await expect(changed).toContainText('El número 031 ya no está disponible: lo quitamos.');
    await expect(changed).toContainText('Ahora apartarías 1 número por $5,00');
    await expect(toast(page, 'Error al reservar el ticket')).toHaveCount(0);
    // A quick second tap cannot reserve what the buyer did not confirm.
    const submit = dialog.getByRole('button', { name: /^Apartar 1 número/ });
    await expect(submit).toBeDisabled();
    await changed.getByRole('button', { name: 'Sí, apartar estos números' }).click();
    await expect(changed).toHaveCount(0);
    await submit.click();
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    await expect(page.locator('#rd-printable-ticket').getByText('032', { exact: true })).toBeVisible();
    await context.close();
  });

  test('409 PRICES_CHANGED: a price raised while the buyer typed is shown before anything is sold', {
    tag: SCREENSHOTS_TAG,
  }, async ({ browser, request }) => {
    const { raffle, context, page, dialog } = await offlineCheckout(browser, request, ['051']);
    await expect(dialog.getByRole('button', { name: /^Apartar 1 número — \$5,00/ })).toBeVisible();
    await setRafflePrice(request, raffle.id, 800);
    await dialog.getByRole('button', { name: /^Apartar 1 número/ }).click();

    // Nothing was sold at a price the buyer never saw; the sheet says the new total against the old
    // one, and the next tap waits until the buyer agrees to it.
    const changed = dialog.getByTestId('checkout-price-changed');
    await expect(changed).toContainText('El precio de esta rifa cambió');
    // Other specs may have set a bolívar rate: each total may carry its Bs after the dollars.
    await expect(changed).toContainText(
      /Ahora apartarías 1 número por \$8,00[^(]*\(antes \$5,00[^)]*\)\. ¿Continuamos\?/,
    );
    const submit = dialog.getByRole('button', { name: /^Apartar 1 número — \$8,00/ });
    await expect(submit).toBeDisabled();
    await finiteAnimationsDone(page);
    await screenshot(page, 'checkout/prices-changed-412.png');
    await expect(dialog.getByLabel('Nombre y apellido')).toHaveValue(BUYER.name);
    await changed.getByRole('button', { name: 'Sí, continuar con el nuevo total' }).click();
    await expect(changed).toHaveCount(0);
    await submit.click();
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    await expect(page.locator('#rd-printable-ticket').getByText('$8,00').first()).toBeVisible();
    await context.close();
  });

  test('a price changed while the page sat open: the sheet reads the raffle again and shows the new total', async ({
    browser,
    request,
  }) => {
    const { raffle, context, page } = await phoneOnNewRaffle(browser, request);
    await cell(page, '061').click();
    await expect(page.getByRole('button', { name: /^Apartar 1 número/ })).toContainText('$5,00');
    await setRafflePrice(request, raffle.id, 700);
    await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: /^Apartar 1 número — \$7,00/ })).toBeVisible();
    // The page had shown $5,00: the sheet asks before the buyer types anything.
    await expect(dialog.getByTestId('checkout-price-changed')).toContainText(/\(antes \$5,00[^)]*\)/);
    await context.close();
  });

  test('live: an admin changes the price while pages are open; the page and the open sheet follow', async ({
    browser,
    request,
  }) => {
    const { raffle, context, page } = await livePhoneOnNewRaffle(browser, request);
    await cell(page, '071').click();
    const bar = page.getByRole('button', { name: /^Apartar 1 número/ });
    await expect(bar).toContainText('$5,00');

    // The page reads the raffle again within seconds of the change (`event: raffle`), no reload.
    await setRafflePrice(request, raffle.id, 900);
    await expect(bar).toContainText('$9,00', { timeout: 10_000 });
    await bar.click();
    const dialog = page.getByRole('dialog');
    await fillCheckout(page);
    await expect(dialog.getByTestId('checkout-price-changed')).toHaveCount(0);

    // Again while the buyer types in the sheet: it asks before selling at the new total.
    await setRafflePrice(request, raffle.id, 1000);
    const changed = dialog.getByTestId('checkout-price-changed');
    await expect(changed).toContainText(/Ahora apartarías 1 número por \$10,00[^(]*\(antes \$9,00/, {
      timeout: 10_000,
    });
    const submit = dialog.getByRole('button', { name: /^Apartar 1 número — \$10,00/ });
    await expect(submit).toBeDisabled();
    await changed.getByRole('button', { name: 'Sí, continuar con el nuevo total' }).click();
    await submit.click();
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    await expect(page.locator('#rd-printable-ticket').getByText('$10,00').first()).toBeVisible();
    await context.close();
  });

  test('live: sales close while a phone watches; the page says so without a reload', async ({
    browser,
    request,
  }) => {
    const { raffle, context, page } = await livePhoneOnNewRaffle(browser, request);
    await expect(page.getByTestId('raffle-status-banner')).toHaveCount(0);
    await closeRaffleViaApi(request, raffle.id);
    await expect(page.getByTestId('raffle-status-banner')).toContainText('Ventas cerradas', {
      timeout: 10_000,
    });
    await expect(page.getByRole('button', { name: /^Apartar/ })).toHaveCount(0);
    await context.close();
  });

  test('live while the checkout is open: the sheet says what changed, no toast covers it', async ({
    browser,
    request,
  }) => {
    const { raffle, context, page } = await livePhoneOnNewRaffle(browser, request);

    await cell(page, '041').click();
    await cell(page, '042').click();
    await page.getByRole('button', { name: /^Apartar 2 números/ }).click();
    const dialog = page.getByRole('dialog');
    await fillCheckout(page);
    await reserveThroughApi(request, raffle.id, [41]);

    const changed = dialog.getByTestId('checkout-changed');
    await expect(changed).toContainText('El número 041 ya no está disponible: lo quitamos.');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /^Apartar 1 número/ })).toBeDisabled();
    await changed.getByRole('button', { name: 'Sí, apartar estos números' }).click();
    await expect(dialog.getByRole('button', { name: /^Apartar 1 número/ })).toBeEnabled();
    await context.close();
  });

  test('live: a chosen number taken by someone else is deselected with a notice', async ({
    browser,
    request,
  }) => {
    const { raffle, context, page } = await livePhoneOnNewRaffle(browser, request);

    await cell(page, '021').click();
    await cell(page, '022').click();
    await reserveThroughApi(request, raffle.id, [21]);

    await expect(
      toast(page, 'Alguien acaba de apartar el número 021: lo quitamos de tu selección.'),
    ).toBeVisible();
    await expect(toast(page, 'Ticket #021 ahora está apartado')).toBeVisible();
    await expect(cell(page, '021', 'apartado')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Número 022, elegido por ti' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Apartar 1 número/ })).toBeVisible();
    await context.close();
  });
});
