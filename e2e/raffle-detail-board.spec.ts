import { expect, screenshot, test } from './fixtures';
import { createActiveRaffle, openRaffle, phoneContext } from './raffle-helpers';
import { closeRaffleViaApi } from './raffle-seed';

test.describe('raffle detail: big boards and closed raffles', () => {
  test('a 10,000-number board renders few cells and jumps to 9876', { tag: '@screenshots' }, async ({
    browser,
    request,
  }) => {
    const raffle = await createActiveRaffle(request, { total_numbers: 10_000, digit_count: 4 });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openRaffle(page, raffle.id);
    await expect(page.getByText('Quedan 10.000')).toBeVisible();

    const cells = page.locator('[data-number]');
    expect(await cells.count()).toBeLessThan(200);

    await page.getByRole('textbox', { name: 'Ir al número' }).fill('9876');
    await page.getByRole('button', { name: 'Ir', exact: true }).click();
    const target = page.locator('[data-number="9876"]');
    await expect(target).toBeInViewport();
    await expect(target).toHaveAttribute('data-highlighted', 'true');
    await expect(target).toHaveAccessibleName('Número 9876, disponible');
    expect(await cells.count()).toBeLessThan(200);
    await screenshot(page, 'board-10000.png');

    // "Solo disponibles" and the lucky picker work on the big board too.
    await page.getByRole('switch', { name: 'Solo disponibles' }).click();
    await page.getByRole('button', { name: 'Elegir al azar' }).click();
    await expect(page.getByRole('button', { name: /^Apartar 1 número/ })).toBeVisible();
    await context.close();
  });

  test('a closed raffle says so and offers no reservation', async ({ browser, request }) => {
    const raffle = await createActiveRaffle(request);
    await closeRaffleViaApi(request, raffle.id);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openRaffle(page, raffle.id);
    await expect(
      page.getByText('Esta rifa está cerrada: ya no recibe reservas. Espera el sorteo oficial.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Elegir números' })).toHaveCount(0);
    // aria-disabled cells still receive the tap; it must not select anything.
    await page.locator('[data-number="3"]').click({ force: true });
    await expect(page.getByRole('button', { name: /^Apartar/ })).toHaveCount(0);
    await context.close();
  });

  test('an unknown raffle shows a friendly not-found state', async ({ page }) => {
    await page.goto('/raffle/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'No encontramos esta rifa' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver rifas activas' })).toHaveAttribute('href', '/');
  });
});
