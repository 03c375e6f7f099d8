import { expect, screenshot, signInAsAdmin, test } from './fixtures';
import { setVesRate } from './raffle-helpers';
import { SIZES } from './raffle-lifecycle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';
import { ANA, JOSE, row, ticketsUrl } from './sold-tickets-helpers';

// Most buyers pay in bolívares: the staff list says what a number owes in Bs at today's rate under
// its USD figure and in the number's detail, so the seller can ask for it without a calculator, on a
// phone and a computer.

test('the staff list shows what each number owes in bolívares at today’s rate', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  test.setTimeout(60_000);
  await setVesRate(request, 36.5); // every spec that sets it uses this rate
  const raffle = await createRaffleViaApi(request, {
    name: uniqueRaffleName('Moto Bera'),
    total_numbers: 100,
    digit_count: 2,
    price_cents: 1250,
  });
  await reserveViaApi(request, raffle.id, [3], JOSE);
  await reserveViaApi(request, raffle.id, [4, 5], ANA);

  await signInAsAdmin(page);
  for (const [suffix, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto(ticketsUrl(raffle.id));
    // $12,50 owed at Bs 36,50 per dollar.
    await expect(row(page, '03').getByTestId('owed-in-bs')).toHaveText('Bs 456,25');
    await expect(page.getByTestId('owed-in-bs')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(page, `bolivares/tickets-owed-bs-${suffix}.png`);

    // Its detail says it too.
    await page.getByRole('button', { name: 'Ver detalle del número 03', exact: true }).click();
    const panel = page.getByRole('dialog', { name: /Número 03/ });
    await expect(panel.getByTestId('owed-in-bs')).toHaveText('Bs 456,25');
    await screenshot(page, `bolivares/ticket-panel-owed-bs-${suffix}.png`);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
});
