import type { Page } from '@playwright/test';
import { createStaffUser, expect, screenshot, signInAsAdmin, signInWithForm, test } from './fixtures';
import { setVesRate } from './raffle-helpers';
import { createRaffleViaApi, patchNumberViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 9, item 4: the dashboard's sales insight (GET /api/insight, tiles, lazy chart).

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };
const DASHBOARD = '/dashboard/admin';

const insight = (page: Page) => page.getByTestId('sales-insight');
const tile = (page: Page, id: string) => insight(page).getByTestId(`insight-${id}`);
const count = (page: Page, id: string) => tile(page, id).getByTestId('insight-value');

async function chooseRaffle(page: Page, name: string) {
  await insight(page).getByRole('combobox', { name: 'Rifa' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(insight(page).getByRole('combobox', { name: 'Rifa' })).toHaveText(name);
}

/** The section shows figures (no skeleton left) and, when there were sales, the drawn chart. */
async function settled(page: Page) {
  await expect(insight(page).locator('.animate-pulse, [aria-busy="true"]')).toHaveCount(0);
  await expect(
    insight(page).getByTestId('sales-chart').locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
}

test.describe('dashboard sales insight', () => {
  test('an admin sees a raffle’s numbers, money in USD and Bs and its sales per day', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    await setVesRate(request, 40);
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Moto Bera insight'),
      price_cents: 1000,
      total_numbers: 100,
      digit_count: 2,
    });
    // Four numbers sold today: two stay apartado, one is paid in part, one in full; one more is
    // reserved and released (an expired reservation counts nowhere).
    await reserveViaApi(request, raffle.id, [1, 2, 3, 4, 5], { cedula: 'V-23456789' });
    await patchNumberViaApi(request, raffle.id, 3, {
      status: 'abonado',
      // Money is recorded, never typed (issue 18): an abono of $4 of the $10 price.
      amount_cents: 400,
    });
    await patchNumberViaApi(request, raffle.id, 4, { status: 'pagado' });
    await patchNumberViaApi(request, raffle.id, 5, { status: 'disponible' });

    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await expect(insight(page).getByRole('heading', { name: 'Ventas', exact: true })).toBeVisible();
    await chooseRaffle(page, raffle.name);
    await expect(page).toHaveURL(new RegExp(`ventas_rifa=${raffle.id}`));
    await settled(page);

    await expect(count(page, 'sold')).toHaveText('4');
    await expect(count(page, 'reserved')).toHaveText('2');
    await expect(count(page, 'partially-paid')).toHaveText('1');
    await expect(count(page, 'paid')).toHaveText('1');
    // Collected: 4 + 10 dollars; owed: 2 x 10 + 6. At 40 Bs per dollar.
    await expect(tile(page, 'collected')).toContainText('$14,00');
    await expect(tile(page, 'collected')).toContainText('Bs 560,00');
    await expect(tile(page, 'owed')).toContainText('$26,00');
    await expect(tile(page, 'owed')).toContainText('Bs 1.040,00');
    await expect(
      insight(page).getByText(/Bs a la tasa del \d{1,2} [a-z]+: 40,00 Bs por dólar\./),
    ).toBeVisible();
    await expect(insight(page).getByTestId('sales-per-day-summary')).toHaveText(
      '4 números por $40,00 en los últimos 30 días.',
    );
    // One bar per day of the period; only today has sales. The axis speaks Spanish ("23 nov").
    await expect(insight(page).locator('.recharts-bar-rectangle')).toHaveCount(1);
    // Ticks are laid out after the first paint (recharts measures them): wait for them.
    const ticks = insight(page).locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await expect.poll(() => ticks.count()).toBeGreaterThan(1);
    for (const tick of await ticks.allTextContents())
      expect(tick).toMatch(/^\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)$/);

    // A shorter period keeps the raffle and asks again.
    await insight(page).getByRole('button', { name: '7 días' }).click();
    await expect(insight(page).getByTestId('sales-per-day-summary')).toHaveText(
      '4 números por $40,00 en los últimos 7 días.',
    );
    await insight(page).getByRole('button', { name: '30 días' }).click();
    await settled(page);

    // Nothing runs off the side of a phone; tiles sit two by two.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const [sold, reserved] = await Promise.all([
      tile(page, 'sold').boundingBox(),
      tile(page, 'reserved').boundingBox(),
    ]);
    expect(sold?.y).toBe(reserved?.y);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await insight(page).evaluate((section) => section.scrollIntoView({ block: 'start' }));
    // Scrolled to, the section's heading sits below the phone's sticky top bar, not under it.
    const heading = insight(page).getByRole('heading', { name: 'Ventas', exact: true });
    const [bar, title] = await Promise.all([
      page.locator('header').first().boundingBox(),
      heading.boundingBox(),
    ]);
    expect(title?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
    await screenshot(page, 'issue-9/insight-412.png', { animations: 'disabled' });

    await page.setViewportSize(DESKTOP);
    await settled(page);
    await insight(page).evaluate((section) => section.scrollIntoView({ block: 'start' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
    await screenshot(page, 'issue-9/insight-1440.png', { animations: 'disabled' });
  });

  test('a vendedor chooses only among their own raffles', async ({ page, request }) => {
    const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
    const theirs = await createRaffleViaApi(
      request,
      { name: uniqueRaffleName('Nevera de Valentina') },
      seller,
    );
    const others = await createRaffleViaApi(request, { name: uniqueRaffleName('Carro del admin') });
    const quiet = await createRaffleViaApi(request, { name: uniqueRaffleName('TV de Valentina') }, seller);
    await reserveViaApi(request, theirs.id, [7], { cedula: 'V-24567890' });
    await reserveViaApi(request, others.id, [8, 9], { cedula: 'V-24567891' });

    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    const select = insight(page).getByRole('combobox', { name: 'Rifa' });
    await expect(select).toHaveText('Todas las rifas que atiendes');
    await expect(page.getByTestId('sales-insight')).toContainText(
      'Tus ventas y tu comisión están en «Mis ventas».',
    );
    await settled(page);
    // Their totals only: the admin's raffle's two numbers are not counted.
    await expect(count(page, 'sold')).toHaveText('1');
    await expect(insight(page).getByTestId('sales-per-day-summary')).toHaveText(
      '1 número por $5,00 en los últimos 30 días.',
    );
    await select.click();
    await expect(page.getByRole('option')).toHaveText([
      'Todas las rifas que atiendes',
      quiet.name,
      theirs.name,
    ]);
    await page.keyboard.press('Escape');

    // A raffle with no sales says so instead of drawing an empty chart.
    await chooseRaffle(page, quiet.name);
    await expect(insight(page).getByText('Aún no hay ventas en este período')).toBeVisible();
    await expect(count(page, 'sold')).toHaveText('0');
    await expect(insight(page).getByTestId('sales-chart')).toHaveCount(0);

    // A raffle id of someone else's in the URL is refused with a clear message, not someone's figures.
    await page.goto(`${DASHBOARD}?ventas_rifa=${others.id}`);
    await expect(insight(page).getByText('No pudimos cargar las ventas')).toBeVisible();
    await expect(insight(page).getByText('Solo puedes gestionar tus propias rifas.')).toBeVisible();
    await expect(tile(page, 'sold')).toHaveCount(0);
  });
});
