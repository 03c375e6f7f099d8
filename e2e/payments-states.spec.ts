import { createStaffUser, expect, signInAsAdmin, signInWithForm, test } from './fixtures';
import { PAYMENTS } from './payments-helpers';
import { setVesRate } from './raffle-helpers';

test.describe('payments screen (admin)', () => {
  test.beforeEach(async ({ request }) => {
    await setVesRate(request, 36.5);
  });

  test('a list that fails to load says so and retries; an empty tab says it is empty', async ({ page }) => {
    await signInAsAdmin(page);
    let failing = true;
    await page.route('**/api/payments?status=rejected', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            json: { error: { code: 'UNAVAILABLE', message: 'Servicio en pausa' } },
          })
        : route.fulfill({ json: [] }),
    );
    await page.goto(`${PAYMENTS}?status=rejected`);
    await expect(page.getByRole('tab', { name: /^Rechazados/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'No pudimos cargar los pagos' })).toBeVisible();
    await expect(page.getByText('Servicio en pausa')).toBeVisible();

    failing = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'No hay pagos rechazados' })).toBeVisible();
  });

  test('a vendedor sees no Pagos menu and never asks for the pending count', async ({ page, request }) => {
    const seller = await createStaffUser(request);
    const paymentCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/payments')) paymentCalls.push(r.url());
    });
    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    const nav = page.getByRole('navigation', { name: 'Menú del panel' });
    await expect(nav.getByRole('link', { name: 'Historial' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Pagos/ })).toHaveCount(0);
    expect(paymentCalls).toEqual([]);
  });
});
