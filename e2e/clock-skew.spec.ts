import { expect, test } from './fixtures';
import { createActiveRaffle } from './raffle-helpers';
import { PHONE, screenshotsAtBothSizes } from './raffle-lifecycle-helpers';
import { uniqueRaffleName } from './raffle-seed';

// A phone whose clock is minutes off the server's (set by hand, no network time) sees the raffle
// close when the server closes it: the page counts with the server's clock (web/src/lib/server-clock.ts,
// decision 064), taken from the Date header of its answers.

test('a phone 5 minutes behind: the picker gives way at the server’s closing date, without a reload', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  test.setTimeout(120_000);
  // The test runs beside the server: its clock is the server's.
  const closingAt = Date.now() + 25_000;
  const raffle = await createActiveRaffle(request, {
    name: uniqueRaffleName('Reloj atrasado'),
    closing_date: new Date(closingAt).toISOString(),
  });
  await page.clock.install({ time: Date.now() - 5 * 60_000 });
  await page.setViewportSize(PHONE);
  await page.goto(`/raffle/${raffle.id}`);
  const pick = page.getByRole('button', { name: 'Elegir al azar' });
  await expect(pick).toBeVisible();
  // The countdown counts the seconds the server has left, not 5 minutes more.
  await expect(page.getByTestId('sales-countdown')).toHaveText(/^Cierra en \d{1,2} s$/);
  await screenshotsAtBothSizes(page, 'clock-skew/before-close');

  // The closing date passes on the server: no more picker, within a few seconds.
  await expect(pick).toHaveCount(0, { timeout: closingAt - Date.now() + 5_000 });
  expect(Date.now() - closingAt).toBeLessThan(5_000);
  await expect(page.getByRole('button', { name: 'Elegir números' })).toHaveCount(0);
  await expect(page.getByText('Ventas cerradas').first()).toBeVisible();
  // The close job's sweep may already have closed it: then the banner says it instead.
  await expect(
    page
      .getByText('La fecha de cierre de esta rifa ya pasó: no recibe más reservas.')
      .or(page.getByTestId('raffle-status-banner')),
  ).toBeVisible();
  await screenshotsAtBothSizes(page, 'clock-skew/at-close');

  // And once the close job closed it, its banner, still without a reload.
  await expect(page.getByTestId('raffle-status-banner')).toBeVisible({ timeout: 60_000 });
  await expect(pick).toHaveCount(0);
  await screenshotsAtBothSizes(page, 'clock-skew/after-close');
});
