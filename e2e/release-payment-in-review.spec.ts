import { expect, screenshot, signInAsAdmin, test, toast, uniqueReference } from './fixtures';
import { SIZES } from './raffle-lifecycle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';
import { JOSE, openMenu, row, ticketsUrl } from './sold-tickets-helpers';

// A number whose buyer reported a payment the admin has not decided is not released: the buyer who
// paid would lose it, and their payment could no longer be approved. Staff are told why, in Spanish,
// and the number stays the buyer's, on a phone and a computer.

test('releasing a number whose buyer’s payment is in review says why and keeps it', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  test.setTimeout(60_000);
  const raffle = await createRaffleViaApi(request, {
    name: uniqueRaffleName('Moto Bera'),
    total_numbers: 100,
    digit_count: 2,
    price_cents: 1000,
  });
  const reserved = await reserveViaApi(request, raffle.id, [7], JOSE);
  const reported = await request.post('/api/payments', {
    data: {
      ticket_id: reserved.tickets[0].id,
      amount_cents: 1000,
      cedula: JOSE.cedula,
      reference: uniqueReference(),
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  await signInAsAdmin(page);
  for (const [suffix, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto(ticketsUrl(raffle.id));
    await expect(row(page, '07')).toContainText('Apartado');
    await openMenu(page, '07');
    await page.getByRole('menuitem', { name: 'Liberar número' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Liberar el número 07?' });
    await confirm.getByRole('button', { name: 'Sí, liberar' }).click();
    const refused = toast(page, 'No se pudo actualizar el ticket', 'pago del comprador en revisión');
    await expect(refused).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row(page, '07')).toContainText(JOSE.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    // The toast done sliding in, so the picture shows it as people read it.
    await expect.poll(() => refused.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, `payment-in-review/release-refused-${suffix}.png`);
    await refused
      .getByRole('button', { name: /cerrar/i })
      .click()
      .catch(() => {});
  }
});
