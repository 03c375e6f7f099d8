import { expect, test } from './fixtures';
import { DESKTOP, DRAW_SOURCE, fullPageShot, PHONE, seedRaffleWithSales } from './raffle-lifecycle-helpers';
import { archiveRaffleViaApi, closeRaffleViaApi, drawRaffleViaApi } from './raffle-seed';

// A finished raffle an admin archived: off the home page, but a buyer following an old link still
// finds the result and checks the draw (the published list, Verificar). Screenshots (SCREENSHOTS=1)
// land in screenshots/archived.

test.describe('an archived finished raffle', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('its page says it was archived and keeps the result and its verification, with no board', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await seedRaffleWithSales(request, 'Archivada');
    // Drawn as well but not archived: home lists it, so its list has loaded when it shows.
    const kept = await seedRaffleWithSales(request, 'No archivada');
    for (const { id } of [raffle, kept]) {
      await closeRaffleViaApi(request, id);
      await drawRaffleViaApi(request, id, 42);
    }
    await archiveRaffleViaApi(request, raffle.id);
    const draw = (await (await request.get(`/api/raffles/${raffle.id}/draw`)).json()) as {
      draw_commitment: string;
    };

    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/raffle/${raffle.id}`);
      await expect(page.getByRole('heading', { level: 1, name: raffle.name })).toBeVisible();
      const notice = page.getByTestId('raffle-archived');
      await expect(notice.getByRole('heading', { name: 'Esta rifa fue archivada' })).toBeVisible();
      await expect(notice).toContainText('la prueba del sorteo siguen aquí');

      // The result as on a finished raffle's page: the number, the masked winner, the source.
      const banner = page.getByTestId('raffle-status-banner');
      await expect(banner.getByRole('heading', { name: 'Sorteo realizado' })).toBeVisible();
      await expect(banner.getByText('Ganador: m*** p***, número 042')).toBeVisible();
      await expect(banner.getByText(`Según el sorteo ${DRAW_SOURCE}`)).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Ver en el tablero' })).toHaveCount(0);

      // No board, nothing to choose or reserve, nothing live.
      await expect(page.getByRole('heading', { name: 'Números de la rifa' })).toHaveCount(0);
      await expect(page.locator('[data-number]')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Elegir números' })).toHaveCount(0);
      await expect(page.getByText('En vivo', { exact: true })).toHaveCount(0);
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

      // The sold list and its check against the published fingerprint.
      const list = page.getByTestId('published-list');
      await expect(list.getByTestId('draw-commitment')).toHaveText(draw.draw_commitment);
      await expect(list.getByText('3 números en la lista')).toBeVisible();
      await list.getByRole('button', { name: 'Verificar' }).click();
      await expect(list.getByTestId('verify-result')).toContainText('Coincide con la huella publicada');
      await expect(page.getByTestId('verify-number')).toBeVisible();
      await fullPageShot(page, `archived/raffle-archived-${size}.png`);
    }

    // Off the home page, as before: the other drawn raffle is listed, this one is not.
    await page.goto('/');
    const drawn = page.getByRole('region', { name: 'Sorteos realizados' });
    await expect(drawn.getByTestId('finished-raffle-card').filter({ hasText: kept.name })).toBeVisible();
    await expect(page.getByText(raffle.name)).toHaveCount(0);
  });
});
