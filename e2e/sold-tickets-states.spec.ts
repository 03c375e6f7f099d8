import { createStaffUser, expect, signInWithForm, test, toast } from './fixtures';
import { createRaffleViaApi, uniqueRaffleName } from './raffle-seed';
import { openMenu, row, ticketsUrl } from './sold-tickets-helpers';

test.describe('sold tickets (staff)', () => {
  // Each test seeds its raffle, signs in and walks a whole task; the shared machine is slow.
  test.describe.configure({ timeout: 60_000 });

  test('loading, a failed load with retry, and another seller’s raffle', async ({ page, request }) => {
    const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
    const foreign = await createRaffleViaApi(request, { name: uniqueRaffleName('Rifa del admin') });

    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.goto(ticketsUrl(foreign.id));
    await expect(page.getByRole('heading', { name: 'Esta rifa no es tuya' })).toBeVisible();
    await expect(page.getByText('Solo puedes gestionar tus propias rifas.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al panel' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toHaveCount(0);

    // The seller's own raffle: the first answer is slow, then fails (and so does the automatic
    // retry of a 5xx); "Reintentar" loads it.
    const own = await createRaffleViaApi(request, { name: uniqueRaffleName('Rifa de Valentina') }, seller);
    let calls = 0;
    await page.route(`**/api/raffles/${own.id}/tickets?**`, async (route) => {
      calls += 1;
      if (calls > 2) return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return route.fulfill({
        status: 500,
        json: {
          error: {
            code: 'INTERNAL',
            message: 'Ocurrió un error interno. Inténtalo de nuevo en unos minutos.',
          },
        },
      });
    });
    await page.goto(ticketsUrl(own.id));
    await expect(page.getByTestId('tickets-skeleton')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No pudimos cargar los números' })).toBeVisible();
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByText('Esta rifa aún no tiene ventas')).toBeVisible();
    await expect(page.getByText('Todavía nadie ha apartado números de esta rifa.')).toBeVisible();
    await page.getByRole('button', { name: 'Ver todos los números' }).click();
    await expect(page).toHaveURL(/estado=todos/);
    await expect(page.getByText('Mostrando 1–25 de 100 números')).toBeVisible();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/pagina=2/);
    await expect(page.getByText('Mostrando 26–50 de 100 números')).toBeVisible();

    // A number on sale is reserved for a buyer who paid in person or by chat.
    await openMenu(page, '30');
    await page.getByRole('menuitem', { name: 'Apartar para un comprador' }).click();
    const form = page.getByRole('dialog', { name: 'Apartar el número 30' });
    await form.getByLabel('Nombre y apellido').fill('Pedro Salas');
    await form.getByLabel('Teléfono').fill('0414-5550000');
    await form.getByLabel('Cédula').fill('V-11222333');
    await form.getByRole('button', { name: 'Apartar número' }).click();
    await expect(toast(page, 'Número 30: ahora está apartado')).toBeVisible();
    await expect(row(page, '30')).toContainText('Apartado');
    await expect(row(page, '30')).toContainText('Pedro Salas');
    await expect(row(page, '30')).toContainText('$5,00');
  });
});
