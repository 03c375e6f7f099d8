import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { createActiveRaffle } from './raffle-helpers';
import { DESKTOP, PHONE } from './raffle-lifecycle-helpers';
import { uniqueRaffleName } from './raffle-seed';

// A phone whose clock is minutes off the server's (set by hand, no network time) sees the raffle
// close when the server closes it: the page counts with the server's clock (web/src/lib/server-clock.ts,
// decision 064), taken from the Date header of its answers.

const SIZES = [
  ['412', PHONE],
  ['1440', DESKTOP],
] as const;

async function shots(page: Page, name: string) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `clock-skew/${name}-${size}.png`, { fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

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
  await shots(page, 'before-close');

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
  await shots(page, 'at-close');

  // And once the close job closed it, its banner, still without a reload.
  await expect(page.getByTestId('raffle-status-banner')).toBeVisible({ timeout: 60_000 });
  await expect(pick).toHaveCount(0);
  await shots(page, 'after-close');
});
