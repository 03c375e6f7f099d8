import type { APIRequestContext, Page } from '@playwright/test';
import { screenshot, uniqueSerial } from './fixtures';
import { createActiveRaffle } from './raffle-helpers';
import { reserveViaApi, uniqueRaffleName, withoutDeclaredSourceViaApi } from './raffle-seed';

// Issue 9: the life of a raffle after its sales: close from the dashboard card, register the
// official result, the winner for staff; the public page with its published list and Verificar;
// home's "Sorteos realizados". The seed and page helpers the raffle-lifecycle-*.spec.ts files share.

export const PHONE = { width: 412, height: 915 };
export const DESKTOP = { width: 1440, height: 900 };
/** The two widths every screen is looked at: `[label, viewport]`. */
export const SIZES = [
  ['412', PHONE],
  ['1440', DESKTOP],
] as const;

/**
 * Full-page screenshots (SCREENSHOTS=1) of the page at both widths, `<name>-412.png` and
 * `<name>-1440.png` from its top; the viewport is put back as it was.
 */
export async function screenshotsAtBothSizes(page: Page, name: string) {
  const before = page.viewportSize();
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${size}.png`, { fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
export const DRAW_SOURCE = 'Triple Táchira A, 10:00 p. m.';

/** A cedula no other spec uses. */
export const uniqueCedula = () => `V-${String(30_000_000 + (uniqueSerial() % 9_000_000))}`;

export const WINNER = {
  name: 'María Pérez',
  phone: '0414-1234567',
  address: 'San Cristóbal, Barrio Obrero',
  email: 'maria.perez@example.com',
};

/**
 * An active 3-digit raffle with three sold numbers: 007 and 120 (one buyer), 042 (the winner-to-be).
 * Its winner is typed from DRAW_SOURCE: it is stored as raffles from before declared sources are.
 */
export async function seedRaffleWithSales(request: APIRequestContext, prefix: string) {
  const raffle = await createActiveRaffle(request, {
    name: uniqueRaffleName(prefix),
    total_numbers: 200,
    digit_count: 3,
    price_cents: 1000,
    draw_source: DRAW_SOURCE,
  });
  await withoutDeclaredSourceViaApi(request, raffle.id);
  const winnerCedula = uniqueCedula();
  await reserveViaApi(request, raffle.id, [7, 120], { name: 'José Rivas', cedula: uniqueCedula() });
  await reserveViaApi(request, raffle.id, [42], { ...WINNER, cedula: winnerCedula });
  return { ...raffle, winnerCedula };
}

export const cardOf = (page: Page, name: string) =>
  page.getByTestId('staff-raffle-card').filter({ hasText: name });

/** A full-page screenshot from the top, so the sticky header is not painted over the middle. */
export async function fullPageShot(page: Page, file: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, file, { fullPage: true });
}
