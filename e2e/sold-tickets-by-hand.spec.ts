import { expect, screenshot, signInAsAdmin, test } from './fixtures';
import { createRaffleViaApi, patchNumberViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';
import { ANA, JOSE, row, ticketsUrl } from './sold-tickets-helpers';

// A number priced 0 staff marked pagado by hand (decision 061) says so beside its status, on the
// list and in its detail: «a mano», its payments no longer change it.

const BY_HAND = 'Estado puesto a mano: los pagos de su pedido no lo cambian';

test('the staff list marks a number whose status staff set by hand, on a phone and a computer', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  test.setTimeout(60_000);
  // A free raffle: every number is priced 0, so a status staff give it is theirs (packages under a
  // cent a number, the other way to a number priced 0, are refused since 2026-12-01).
  const raffle = await createRaffleViaApi(request, {
    name: uniqueRaffleName('Rifa gratis'),
    price_cents: 0,
  });
  await reserveViaApi(request, raffle.id, [10, 11, 12], JOSE);
  await reserveViaApi(request, raffle.id, [20, 21, 22], ANA);
  await patchNumberViaApi(request, raffle.id, 12, { status: 'pagado', note: 'Regalo del organizador' });

  await signInAsAdmin(page);
  for (const [suffix, viewport] of [
    ['412', { width: 412, height: 915 }],
    ['1440', { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(ticketsUrl(raffle.id));
    const marked = row(page, '12');
    await expect(marked.getByTestId('ticket-by-hand')).toHaveAttribute('title', BY_HAND);
    await expect(marked.getByTestId('ticket-by-hand')).toContainText('a mano');
    await expect(page.getByTestId('ticket-by-hand')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await marked.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, `handmark/tickets-by-hand-${suffix}.png`);

    await page.getByRole('button', { name: 'Ver detalle del número 12', exact: true }).click();
    const panel = page.getByRole('dialog', { name: /Número 12/ });
    await expect(panel.getByTestId('ticket-by-hand')).toContainText('a mano');
    await expect(panel.getByTestId('ticket-history')).toContainText('Regalo del organizador');
    await screenshot(page, `handmark/tickets-by-hand-panel-${suffix}.png`);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
});
