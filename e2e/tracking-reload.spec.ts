import { expect, screenshot, test } from './fixtures';
import { uniqueBuyer } from './payments-helpers';
import { createActiveRaffle, phoneContext } from './raffle-helpers';
import { reserveViaApi } from './raffle-seed';

// The buyer looks up their tickets, leaves for the bank app to pay, and the phone discards the tab
// meanwhile: coming back reloads the tracking page, which must show their tickets again, as the
// server has them now.
test.describe('the tracking page after a reload', () => {
  test('asks again for the tab’s last lookup and shows what the server says now', {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    const raffle = await createActiveRaffle(request);
    const buyer = uniqueBuyer('Yusmary Contreras');
    await reserveViaApi(request, raffle.id, [44], buyer);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 412, height: 915 });
    let lookups = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/tracking')) lookups += 1;
    });

    await page.goto('/tracking');
    await page.getByLabel('Cédula', { exact: true }).fill(buyer.cedula.slice(2));
    await page.getByLabel('Últimos 4 dígitos de tu teléfono').fill(buyer.phone.slice(-4));
    await page.getByRole('button', { name: 'Consultar' }).click();
    const tickets = page.getByTestId('tracked-ticket');
    await expect(tickets).toHaveCount(1);
    expect(lookups).toBe(1);

    // Meanwhile the same buyer reserves one more number: a reload must not show the old answer.
    await reserveViaApi(request, raffle.id, [45], buyer);
    await page.reload();
    await expect(tickets).toHaveCount(2);
    await expect(tickets.filter({ hasText: '#045' })).toBeVisible();
    await expect(page.getByLabel('Cédula', { exact: true })).toHaveValue(buyer.cedula.slice(2));
    await expect(page.getByLabel('Últimos 4 dígitos de tu teléfono')).toHaveValue(buyer.phone.slice(-4));
    expect(lookups).toBe(2);
    await screenshot(page, 'tracking-reload/results-after-reload-412.png', { fullPage: true });

    // Kept for this tab only: another tab starts with an empty form and asks nothing.
    const other = await context.newPage();
    await other.goto('/tracking');
    await expect(other.getByRole('button', { name: 'Consultar' })).toBeVisible();
    await expect(other.getByLabel('Cédula', { exact: true })).toHaveValue('');
    await expect(other.getByTestId('tracked-ticket')).toHaveCount(0);
    await context.close();
  });
});
