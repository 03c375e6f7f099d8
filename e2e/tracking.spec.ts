import type { Page } from '@playwright/test';
import { expect, PHONE_VIEWPORT, screenshot, test } from './fixtures';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

async function search(page: Page, nationality: 'V' | 'E', digits: string, last4: string) {
  await page.getByLabel('Tipo de cédula').selectOption(nationality);
  await page.getByLabel('Cédula', { exact: true }).fill(digits);
  await page.getByLabel('Últimos 4 dígitos de tu teléfono').fill(last4);
  await page.getByRole('button', { name: 'Consultar' }).click();
}

test.describe('ticket tracking', () => {
  test.use({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });

  test('a buyer finds both reserved tickets with their masked name', { tag: '@screenshots' }, async ({
    page,
    request,
  }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Moto Bera'),
      total_numbers: 1000,
      digit_count: 3,
    });
    await reserveViaApi(request, raffle.id, [1, 2]);

    await page.goto('/');
    await page.getByRole('link', { name: 'Consulta tus tickets' }).click();
    await expect(page).toHaveURL('/tracking');
    await search(page, 'V', '12345678', '4567');

    const group = page.getByTestId('tracked-raffle').filter({ hasText: raffle.name });
    await expect(group.getByText('m*** p***')).toBeVisible();
    const tickets = group.getByTestId('tracked-ticket');
    await expect(tickets).toHaveCount(2);
    await expect(tickets.filter({ hasText: '#001' }).getByText('Apartado', { exact: true })).toBeVisible();
    await expect(tickets.filter({ hasText: '#002' })).toBeVisible();
    // Nothing paid yet: the whole price is still owed and due now.
    // Dollars, and their Bs on the line under them once the rate is in.
    await expect(tickets.first().getByRole('definition').nth(1)).toHaveText(/^\$5,00\s*(Bs [\d.,]+)?$/);
    await expect(tickets.first().getByText('Próximo pago')).toBeVisible();
    await expect(tickets.first().getByText(/^Paga antes del .* para no perder este número\.$/)).toBeVisible();
    await expect(tickets.first().getByText('Sin pagos enviados todavía.')).toBeVisible();
    await expect(page.getByText('María Pérez')).toHaveCount(0);
    await screenshot(page, 'tracking.png', { fullPage: true });
  });

  test('wrong last digits give the empty state, not which half was wrong', async ({ page }) => {
    await page.goto('/tracking');
    await search(page, 'V', '12345678', '0000');
    await expect(
      page.getByText('No encontramos tickets con esos datos. Revisa la cédula y los 4 dígitos.'),
    ).toBeVisible();
    await expect(page.getByTestId('tracked-ticket')).toHaveCount(0);
  });

  test('invalid input is explained in Spanish and nothing is sent', async ({ page }) => {
    let sent = 0;
    await page.route('**/api/tracking', (route) => {
      sent++;
      return route.continue();
    });
    await page.goto('/tracking');
    await search(page, 'V', '12', '45');
    await expect(page.getByText('Escribe solo los números de tu cédula (de 6 a 9 dígitos)')).toBeVisible();
    await expect(page.getByText('Escribe los últimos 4 dígitos de tu teléfono')).toBeVisible();
    expect(sent).toBe(0);
  });

  test('too many attempts show the server message and the button waits while sending', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/tracking', async (route) => {
      await held;
      await route.fulfill({
        status: 429,
        json: {
          error: {
            code: 'RATE_LIMITED',
            message: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
          },
        },
      });
    });
    await page.goto('/tracking');
    await search(page, 'E', '81234567', '4567');
    await expect(page.getByRole('button', { name: 'Buscando…' })).toBeDisabled();
    release();
    await expect(
      page.getByText('Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  });
});
