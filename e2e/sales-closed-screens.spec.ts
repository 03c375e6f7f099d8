import { expect, screenshot, signInAsAdmin, test } from './fixtures';
import { adminHeaders } from './money-ledger-helpers';
import { createActiveRaffle } from './raffle-helpers';
import { PHONE, SIZES, screenshotsAtBothSizes, uniqueCedula, WINNER } from './raffle-lifecycle-helpers';
import { closeRaffleViaApi, patchNumberViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';
import { openMenu, rows, ticketsUrl } from './sold-tickets-helpers';

// What the screens say once a raffle can no longer sell: the staff list of a closed raffle, a raffle
// page open at its closing moment, and a sold-out raffle's home card.

test.describe('sales closed', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the staff list of a closed raffle: no bulk release, no checkboxes, no deadline', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createActiveRaffle(request, { name: uniqueRaffleName('Lista congelada') });
    await reserveViaApi(request, raffle.id, [7, 120], { name: 'José Rivas', cedula: uniqueCedula() });
    await reserveViaApi(request, raffle.id, [42], { name: 'Ana Pérez', cedula: uniqueCedula() });
    await patchNumberViaApi(request, raffle.id, 42, { status: 'pagado' });
    await closeRaffleViaApi(request, raffle.id);

    await signInAsAdmin(page);
    for (const [, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.goto(ticketsUrl(raffle.id));
      await expect(rows(page)).toHaveCount(3);
      await expect(page.getByTestId('tickets-frozen')).toContainText(
        /^Las ventas cerraron el .*: la lista de vendidos quedó congelada/,
      );
      await expect(page.getByRole('button', { name: /Liberar en lote/ })).toHaveCount(0);
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      await expect(page.getByText('No vence: está en la lista publicada')).toHaveCount(2);
      await expect(page.getByText(/Apartado hasta:/)).toHaveCount(0);
    }
    await screenshotsAtBothSizes(page, 'sales-closed/tickets-closed');

    // A held number's menu: payments and printing, nothing the server would refuse (409 RAFFLE_CLOSED).
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.goto(ticketsUrl(raffle.id));
      await openMenu(page, '007');
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Registrar pago' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Imprimir ticket' })).toBeVisible();
      for (const refused of ['Liberar número', 'Cancelar número', 'Editar comprador'])
        await expect(menu.getByRole('menuitem', { name: refused })).toHaveCount(0);
      await screenshot(page, `sales-closed/tickets-closed-menu-${size}.png`);

      // Its printed ticket: no date to pay by, the line the buyer's tracking page shows.
      await menu.getByRole('menuitem', { name: 'Imprimir ticket' }).click();
      const preview = page.getByRole('dialog');
      const ticket = preview.getByTestId('staff-printable-ticket');
      await expect(ticket).toBeVisible();
      await expect(ticket).not.toContainText('Pagar antes de');
      await expect(ticket.getByTestId('printed-ticket-in-list')).toHaveText(
        /^Las ventas cerraron con este número en la lista publicada: ya no se libera/,
      );
      await screenshot(page, `sales-closed/printed-ticket-closed-${size}.png`);
      await preview.getByRole('button', { name: 'Cerrar' }).first().click();
    }
  });

  test('a lucky pick the server refuses because the raffle closed says so, not «Inténtalo de nuevo»', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    // A raffle closing in a few seconds, opened on a phone whose clock is two minutes behind, with
    // answers that do not tell the server's time (a proxy that drops their Date header): the page
    // can only count with the phone's clock and still offers the picker after the closing date, the
    // server refuses it. (With the Date header the picker goes at the closing date: clock-skew.spec.ts.)
    const closingAt = Date.now() + 5_000;
    const raffle = await createActiveRaffle(request, {
      name: uniqueRaffleName('Reloj atrasado'),
      closing_date: new Date(closingAt).toISOString(),
    });
    // Every API answer but the live stream (an answer that never ends). The raffle itself is served
    // as first read: the close job (every 20 s) may close the raffle right after its closing date,
    // and the page reads the raffle again after each refusal; without this the picker could go
    // before the taps below, and the test would check no toast at all.
    let firstRaffleAnswer: { body: Buffer; headers: Record<string, string> } | null = null;
    const raffleAnswer = new RegExp(`/api/raffles/${raffle.id}(\\?|$)`);
    await page.route(/\/api\/(?!.*\/events(\?|$))/, async (route) => {
      const isRaffle = route.request().method() === 'GET' && raffleAnswer.test(route.request().url());
      if (isRaffle && firstRaffleAnswer) return route.fulfill({ status: 200, ...firstRaffleAnswer });
      const response = await route.fetch();
      const { date: _date, etag: _etag, ...headers } = response.headers();
      if (isRaffle && response.status() === 200) firstRaffleAnswer = { body: await response.body(), headers };
      await route.fulfill({ response, headers });
    });
    await page.clock.install({ time: Date.now() - 120_000 });
    await page.setViewportSize(PHONE);
    await page.goto(`/raffle/${raffle.id}`);
    const pick = page.getByRole('button', { name: 'Elegir al azar' });
    await expect(pick).toBeVisible();
    await expect
      .poll(
        async () =>
          (await request.post(`/api/raffles/${raffle.id}/lucky-pick`, { data: { count: 1 } })).status(),
        {
          timeout: 20_000,
        },
      )
      .toBe(409);
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      await pick.click();
      const toast = page.getByText('Esta rifa ya cerró: no admite más reservas.');
      await expect(toast).toBeVisible();
      await expect(page.getByText('La maquinita no pudo elegir números. Inténtalo de nuevo.')).toHaveCount(0);
      // The toast slides in from under the header: taken once it is in place.
      await screenshot(page, `sales-closed/lucky-pick-closed-${size}.png`, { animations: 'disabled' });
    }
    // The page keeps asking (rates, the raffle after its closing date): an answer still on its way
    // when the test ends would be fulfilled from a disposed fetch and fail the test after it passed.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a raffle page open at the closing moment turns closed, then shows the published list', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    // A raffle closing 20 s from now, opened before that on a phone.
    const raffle = await createActiveRaffle(request, {
      name: uniqueRaffleName('Cierra ahora'),
      closing_date: new Date(Date.now() + 20_000).toISOString(),
    });
    await reserveViaApi(request, raffle.id, [3, 9], { name: 'Luis Herrera', cedula: uniqueCedula() });
    await page.setViewportSize(PHONE);
    await page.goto(`/raffle/${raffle.id}`);
    const choose = page.getByRole('button', { name: 'Elegir números' });
    await expect(choose).toBeVisible();
    await expect(page.getByText('Tiempo para pagar al apartar')).toBeVisible();

    // The closing date passes: the page turns by itself.
    await expect(choose).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText('Tiempo para pagar al apartar')).toHaveCount(0);
    await expect(
      page.getByText('La fecha de cierre de esta rifa ya pasó: no recibe más reservas.'),
    ).toBeVisible();
    await screenshotsAtBothSizes(page, 'sales-closed/raffle-at-closing');

    // The close job closes it (every 20 s): the banner and the published list come without a reload.
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('raffle-status-banner')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('published-list')).toBeVisible();
    await screenshotsAtBothSizes(page, 'sales-closed/raffle-after-close');
  });

  test('a closed raffle page left open shows the winner once the lottery result is registered', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    // A lottery raffle closing in 8 s and drawing in 16 s (both must be in the future at creation).
    const now = Date.now();
    const raffle = await createActiveRaffle(request, {
      name: uniqueRaffleName('Sorteo en vivo'),
      total_numbers: 100,
      digit_count: 2,
      draw_source: null,
      draw_kind: 'loteria',
      draw_lottery: 'Triple Táchira A',
      draw_rule: 'ultimos_digitos',
      closing_date: new Date(now + 8_000).toISOString(),
      draw_at: new Date(now + 16_000).toISOString(),
    });
    await reserveViaApi(request, raffle.id, [47], { ...WINNER, cedula: uniqueCedula() });
    await patchNumberViaApi(request, raffle.id, 47, { status: 'pagado' });
    await closeRaffleViaApi(request, raffle.id);

    await page.setViewportSize(PHONE);
    await page.goto(`/raffle/${raffle.id}`);
    const banner = page.getByTestId('raffle-status-banner');
    await expect(banner.getByRole('heading', { name: 'Ventas cerradas' })).toBeVisible();

    // Staff register the result as soon as the declared time allows it; the page is not reloaded.
    const headers = await adminHeaders(request);
    await expect
      .poll(
        async () =>
          (
            await request.post(`/api/raffles/${raffle.id}/draw`, { data: { result: '347' }, headers })
          ).status(),
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(200);
    await expect(banner.getByRole('heading', { name: 'Sorteo realizado' })).toBeVisible({ timeout: 30_000 });
    // The draw answer is read again too: the masked winner, not «no se vendió: sin ganador».
    await expect(banner.getByText('Ganador: m*** p***, número 47')).toBeVisible();
    await screenshotsAtBothSizes(page, 'sales-closed/raffle-after-draw');
  });

  test('a sold-out raffle card says «Agotada» and «Ver números»', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createActiveRaffle(request, {
      name: uniqueRaffleName('Nevera Samsung'),
      total_numbers: 10,
      digit_count: 2,
    });
    await reserveViaApi(request, raffle.id, [0, 1, 2, 3, 4], { name: 'Ana Gómez', cedula: uniqueCedula() });
    await reserveViaApi(request, raffle.id, [5, 6, 7, 8, 9], { name: 'José Rivas', cedula: uniqueCedula() });
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const card = page.getByTestId('raffle-card').filter({ hasText: raffle.name });
      await expect(card.getByTestId('raffle-sold-out')).toHaveText('Agotada');
      await expect(card.getByRole('link', { name: 'Ver números' })).toBeVisible();
      await expect(card.getByRole('link', { name: 'Elegir números' })).toHaveCount(0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(card, `sales-closed/home-sold-out-card-${size}.png`);
    }
  });
});
