import AxeBuilder from '@axe-core/playwright';
import { expect, screenshot, signInAsAdmin, test } from './fixtures';
import { cell, openRaffle } from './raffle-helpers';
import {
  cardOf,
  DESKTOP,
  DRAW_SOURCE,
  fullPageShot,
  PHONE,
  seedRaffleWithSales,
} from './raffle-lifecycle-helpers';
import { closeRaffleViaApi, drawRaffleViaApi } from './raffle-seed';

// Issue 9, after the draw: the winner on the public page and board, home's "Sorteos realizados".

test.describe('raffle lifecycle', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('after the draw: winner on the board and the banner; home lists it under "Sorteos realizados"', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const drawnRaffle = await seedRaffleWithSales(request, 'Sorteada');
    await closeRaffleViaApi(request, drawnRaffle.id);
    await drawRaffleViaApi(request, drawnRaffle.id, 42);
    const pending = await seedRaffleWithSales(request, 'Pendiente');
    await closeRaffleViaApi(request, pending.id);
    const active = await seedRaffleWithSales(request, 'Activa');

    // An active raffle tells buyers the close rule before they buy.
    await openRaffle(page, active.id);
    await expect(page.getByTestId('close-rule')).toHaveText(
      /^Al cerrar las ventas se publica la lista de números apartados y vendidos y ya no cambia\./,
    );
    await expect(page.getByTestId('raffle-status-banner')).toHaveCount(0);
    await expect(page.getByTestId('published-list')).toHaveCount(0);

    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await openRaffle(page, drawnRaffle.id);
      const banner = page.getByTestId('raffle-status-banner');
      await expect(banner.getByRole('heading', { name: 'Sorteo realizado' })).toBeVisible();
      await expect(banner.getByText('Ganador: m*** p***, número 042')).toBeVisible();
      await expect(banner.getByText(`Según el sorteo ${DRAW_SOURCE}`)).toBeVisible();
      // The winning number stands out on the board, with its own name and legend entry.
      const winnerCell = page.getByRole('button', { name: 'Número 042, ganador, apartado', exact: true });
      await banner.getByRole('button', { name: 'Ver en el tablero' }).click();
      await expect(winnerCell).toBeVisible();
      await expect(winnerCell).toHaveAttribute('data-winner', 'true');
      await expect(winnerCell).toHaveCSS('opacity', '1');
      await expect(page.locator('[data-winner]')).toHaveCount(1);
      await expect(page.getByRole('listitem').filter({ hasText: /^ganador$/ })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: /^elegido$/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Elegir al azar' })).toHaveCount(0);
      // Nothing else looks buyable: a number nobody bought is disabled and dimmed, as when closed.
      const unsold = cell(page, '050');
      await expect(unsold).toHaveAttribute('aria-disabled', 'true');
      await expect(unsold).toHaveCSS('opacity', '0.6');
      await expect(cell(page, '007', 'apartado')).toHaveCSS('opacity', '0.6');
      await unsold.click({ force: true });
      await expect(page.getByRole('button', { name: /^Apartar/ })).toHaveCount(0);
      await expect(unsold).not.toHaveAttribute('aria-pressed', 'true');
      const list = page.getByTestId('published-list');
      await list.getByRole('button', { name: 'Verificar' }).click();
      await expect(page.getByTestId('verify-result')).toContainText('Coincide con la huella publicada');
      await fullPageShot(page, `issue-9/raffle-finished-${size}.png`);
    }

    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const section = page.getByRole('region', { name: 'Sorteos realizados' });
      await expect(section).toBeVisible();
      const drawnCard = section.getByTestId('finished-raffle-card').filter({ hasText: drawnRaffle.name });
      await expect(drawnCard.getByText('042', { exact: true })).toBeVisible();
      // Six show at first, drawn ones first: other specs' drawn raffles can push the pending one
      // behind «Ver los otros N» (seen with specs repeated on the one server).
      const showAll = section.getByRole('button', { name: /^Ver (el otro|los otros)/ });
      if ((await showAll.count()) > 0) await showAll.click();
      const pendingCard = section.getByTestId('finished-raffle-card').filter({ hasText: pending.name });
      await expect(pendingCard.getByText('Ventas cerradas — sorteo pendiente')).toBeVisible();
      // Active raffles stay in their own list, finished ones only here.
      await expect(section.getByText(active.name)).toHaveCount(0);
      await expect(page.getByTestId('raffle-card').filter({ hasText: drawnRaffle.name })).toHaveCount(0);
      // The section's heading just under the sticky header.
      await section.evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -120);
      });
      await screenshot(page, `issue-9/home-finished-${size}.png`);
    }
    await page
      .getByRole('region', { name: 'Sorteos realizados' })
      .getByRole('link', { name: drawnRaffle.name })
      .click();
    await expect(page).toHaveURL(`/raffle/${drawnRaffle.id}`);
    await expect(page.getByRole('heading', { name: 'Sorteo realizado' })).toBeVisible();
  });

  test('axe: the finished raffle page with its list open, and the winner on the dashboard', async ({
    page,
    request,
  }) => {
    // Two full axe passes, the second over the dashboard of every raffle the run has made by then.
    test.slow();
    const raffle = await seedRaffleWithSales(request, 'Axe sorteada');
    await closeRaffleViaApi(request, raffle.id);
    await drawRaffleViaApi(request, raffle.id, 42);
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

    await openRaffle(page, raffle.id);
    const list = page.getByTestId('published-list');
    await list.getByRole('button', { name: 'Ver la lista' }).click();
    await list.getByRole('button', { name: 'Verificar' }).click();
    await expect(list.getByTestId('verify-result')).toBeVisible();
    expect(await serious()).toEqual([]);

    await signInAsAdmin(page);
    await expect(cardOf(page, raffle.name).getByText('María Pérez', { exact: true })).toBeVisible();
    expect(await serious()).toEqual([]);
  });
});
