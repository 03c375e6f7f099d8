import { expect, screenshot, test } from './fixtures';
import { BUYER, cell, createActiveRaffle, fillCheckout, openRaffle } from './raffle-helpers';

// A phone's Back button while the reservation sheet is open closes the sheet, keeping the chosen
// numbers and what was typed (it used to leave the raffle and lose both); reserving then goes to
// the order, and Back from there returns to the raffle, not to the sheet.

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

test.use(PHONE);

test('Back closes the reservation sheet and keeps the numbers and the buyer data', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  const raffle = await createActiveRaffle(request);
  await openRaffle(page, raffle.id);
  await cell(page, '040').click();
  await cell(page, '041').click();
  await page.getByRole('button', { name: /^Apartar 2 números/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre y apellido').fill(BUYER.name);
  await dialog.getByLabel('Teléfono').fill(BUYER.phone);

  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/raffle/${raffle.id}$`));
  await expect(page.getByRole('button', { name: 'Número 040, elegido por ti', exact: true })).toBeVisible();
  await screenshot(page, 'checkout-back/after-back-412.png');

  // Opened again: what was typed is still there.
  await page.getByRole('button', { name: /^Apartar 2 números/ }).click();
  await expect(dialog.getByLabel('Nombre y apellido')).toHaveValue(BUYER.name);
  // Closed from the sheet itself: the same page, and Back then leaves nothing behind it open.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/raffle/${raffle.id}$`));

  await page.getByRole('button', { name: /^Apartar 2 números/ }).click();
  await fillCheckout(page);
  await dialog.getByRole('button', { name: /^Apartar 2 números/ }).click();
  await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/raffle/${raffle.id}$`));
  await expect(dialog).toHaveCount(0);
});
