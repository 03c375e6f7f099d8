import { createStaffUser, expect, signInWithForm, test, toast, withAdminSession } from './fixtures';
import { cell, openRaffle } from './raffle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';
import { ANA, chip, JOSE, openMenu, row, rows, ticketsUrl } from './sold-tickets-helpers';

test.describe('sold tickets (staff)', () => {
  // Each test seeds its raffle, signs in and walks a whole task; the shared machine is slow.
  test.describe.configure({ timeout: 60_000 });

  test('a vendedor finds a buyer, releases a number after confirming, and it is on sale again', async ({
    page,
    request,
  }) => {
    const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
    const raffle = await createRaffleViaApi(
      request,
      { name: uniqueRaffleName('Moto Bera'), total_numbers: 200, digit_count: 3, price_cents: 500 },
      seller,
    );
    await reserveViaApi(request, raffle.id, [7, 12], JOSE);
    await reserveViaApi(request, raffle.id, [50], ANA);

    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.goto(ticketsUrl(raffle.id));
    await expect(page.getByRole('heading', { level: 1, name: 'Tickets vendidos' })).toBeVisible();
    await expect(page.getByText(raffle.name).first()).toBeVisible();
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByText('3 números', { exact: true })).toBeVisible();
    await expect(chip(page, 'Vendidos')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'Vendidos')).toHaveAccessibleName('Vendidos: 3');
    await expect(chip(page, 'Disponibles')).toHaveAccessibleName('Disponibles: 197');

    // Search by cedula: only José's numbers, the term in the URL.
    await page.getByLabel('Buscar').fill('20111222');
    await expect(page).toHaveURL(/buscar=20111222/);
    await expect(rows(page)).toHaveCount(2);
    const seven = row(page, '007');
    await expect(seven).toContainText('José Ángel Rodríguez');
    await expect(seven).toContainText('Apartado');
    await expect(seven).toContainText('V-20111222');
    await expect(seven.getByRole('link', { name: 'Escribir por WhatsApp al 0412-5556677' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/584125556677\?text=/,
    );

    // Release 007: the dialog names the number and the buyer; nothing changes until confirmed.
    await openMenu(page, '007');
    await page.getByRole('menuitem', { name: 'Liberar número' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Liberar el número 007?' });
    await expect(confirm).toContainText('José Ángel Rodríguez perderá el número 007');
    await confirm.getByRole('button', { name: 'No, volver' }).click();
    await expect(confirm).toBeHidden();
    await expect(rows(page)).toHaveCount(2);

    await openMenu(page, '007');
    await page.getByRole('menuitem', { name: 'Liberar número' }).click();
    await confirm.getByRole('button', { name: 'Sí, liberar' }).click();
    await expect(toast(page, 'Número 007 liberado: vuelve a estar disponible')).toBeVisible();
    await expect(confirm).toBeHidden();
    // The buyer's data went with it: José now holds only 012.
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, '012')).toBeVisible();

    // The row itself: every status, number 007.
    await chip(page, 'Todos').click();
    await page.getByLabel('Buscar').fill('007');
    await expect(page).toHaveURL(/estado=todos.*buscar=007|buscar=007.*estado=todos/);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, '007')).toContainText('Disponible');
    await expect(row(page, '007')).toContainText('Sin comprador');

    // And the public board sells it again.
    await openRaffle(page, raffle.id, { live: false });
    await expect(cell(page, '007')).toBeVisible();
  });

  test('marking pagado pays the price in full; chips filter and the URL keeps them', async ({
    page,
    request,
  }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Televisor 55'),
      total_numbers: 100,
      digit_count: 2,
      price_cents: 1250,
    });
    await reserveViaApi(request, raffle.id, [3], JOSE);
    await reserveViaApi(request, raffle.id, [4, 5], ANA);

    await withAdminSession(page);
    await page.goto(ticketsUrl(raffle.id));
    await expect(rows(page)).toHaveCount(3);
    await expect(row(page, '03')).toContainText('$0,00');
    await expect(row(page, '03')).toContainText('$12,50');

    // Someone else got there first: the server's Spanish 409 shows, and the list is read again.
    const conflict = 'El ticket cambió mientras lo revisabas. Vuelve a intentarlo.';
    await page.route(
      '**/api/raffles/*/numbers/*',
      (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 409, json: { error: { code: 'TICKET_CHANGED', message: conflict } } })
          : route.continue(),
      { times: 1 },
    );
    const refetched = page.waitForRequest(
      (r) => r.method() === 'GET' && r.url().includes(`/api/raffles/${raffle.id}/tickets?`),
    );
    // Marking pagado records a payment of what is owed (issue 18): the dialog says how much.
    await openMenu(page, '03');
    await page.getByRole('menuitem', { name: 'Marcar como pagado' }).click();
    const payDialog = page.getByRole('dialog', { name: 'Marcar el número 03 como pagado' });
    await expect(payDialog.getByTestId('amount-to-record')).toHaveText('$12,50');
    await payDialog.getByRole('button', { name: 'Registrar pago y marcar pagado' }).click();
    await expect(payDialog.getByText(conflict)).toBeVisible();
    await refetched;
    await payDialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(row(page, '03')).toContainText('Apartado');

    await openMenu(page, '03');
    await page.getByRole('menuitem', { name: 'Marcar como pagado' }).click();
    await payDialog.getByRole('button', { name: 'Registrar pago y marcar pagado' }).click();
    await expect(toast(page, 'Número 03: ahora está pagado')).toBeVisible();
    const paid = row(page, '03');
    await expect(paid).toContainText('Pagado');
    // Paid = the price, owed = 0 (the only two amounts left in the row).
    await expect(paid).toContainText('$12,50');
    await expect(paid).toContainText('$0,00');
    await expect(paid.getByText('$12,50')).toHaveClass(/text-green-800/);
    await expect(chip(page, 'Pagados')).toHaveAccessibleName('Pagados: 1');
    await expect(chip(page, 'Apartados')).toHaveAccessibleName('Apartados: 2');

    await chip(page, 'Pagados').click();
    await expect(page).toHaveURL(/estado=pagado/);
    await expect(chip(page, 'Pagados')).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, '03')).toBeVisible();

    await chip(page, 'Apartados').click();
    await expect(page).toHaveURL(/estado=apartado/);
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, '03')).toHaveCount(0);

    // Back returns to the previous chip; a reload keeps it.
    await page.goBack();
    await expect(page).toHaveURL(/estado=pagado/);
    await expect(rows(page)).toHaveCount(1);
    await page.reload();
    await expect(chip(page, 'Pagados')).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(page)).toHaveCount(1);

    // A chip with nothing in it says so and offers the way back.
    await chip(page, 'Cancelados').click();
    await expect(page.getByText('No hay números con ese filtro')).toBeVisible();
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page).toHaveURL(new RegExp(`${ticketsUrl(raffle.id)}$`));
    await expect(rows(page)).toHaveCount(3);
  });
});
