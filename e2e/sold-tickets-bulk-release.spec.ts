import { createStaffUser, expect, signInWithForm, test, toast } from './fixtures';
import { createRaffleViaApi, patchNumberViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';
import { ANA, JOSE, row, rows, ticketsUrl } from './sold-tickets-helpers';

const SHOTS = process.env.BULK_SHOTS_DIR;

test.describe('bulk release (staff)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a vendedor releases selected numbers, a buyer, and the current filter, confirming counts first', async ({
    page,
    request,
  }) => {
    const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
    const raffle = await createRaffleViaApi(
      request,
      { name: uniqueRaffleName('Lote'), total_numbers: 200, digit_count: 3, price_cents: 500 },
      seller,
    );
    await reserveViaApi(request, raffle.id, [7, 12, 13], JOSE);
    await reserveViaApi(request, raffle.id, [50], ANA);
    await reserveViaApi(request, raffle.id, [60, 61], { name: 'Eva Ruiz', cedula: 'V-33333333' });
    await patchNumberViaApi(request, raffle.id, 60, { status: 'pagado' });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.goto(ticketsUrl(raffle.id));
    await expect(rows(page)).toHaveCount(6);

    // By list: two rows ticked, the dialog names the counts from the server's dry run.
    await page.getByRole('checkbox', { name: 'Seleccionar el número 007' }).check();
    await page.getByRole('checkbox', { name: 'Seleccionar el número 050' }).check();
    await expect(page.getByText('2 seleccionados')).toBeVisible();
    await page.getByRole('button', { name: 'Liberar en lote' }).click();
    await page.getByRole('menuitem', { name: 'Los seleccionados (2)' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Liberar en lote?' });
    await expect(dialog).toContainText('Vas a liberar 2 números de 2 compradores');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-dialog-1440.png` });
    await dialog.getByRole('button', { name: 'No, volver' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(6);

    await page.getByRole('button', { name: 'Liberar en lote' }).click();
    await page.getByRole('menuitem', { name: 'Los seleccionados (2)' }).click();
    await expect(dialog).toContainText('Vas a liberar 2 números de 2 compradores');
    await dialog.getByRole('button', { name: 'Sí, liberar' }).click();
    await expect(toast(page, '2 números liberados: vuelven a estar disponibles')).toBeVisible();
    await expect(rows(page)).toHaveCount(4);
    await expect(row(page, '007')).toHaveCount(0);
    await expect(page.getByText('2 seleccionados')).toBeHidden();
    // The next release says the same: its toast must be a new one, not this one still showing.
    await expect(toast(page, '2 números liberados: vuelven a estar disponibles')).toHaveCount(0);

    // By buyer: one of José's numbers ticked offers all of his.
    await page.getByRole('checkbox', { name: 'Seleccionar el número 012' }).check();
    await page.getByRole('button', { name: 'Liberar en lote' }).click();
    await page.getByRole('menuitem', { name: /^Todos los de .*\(V-20111222\)$/ }).click();
    await expect(dialog).toContainText('Vas a liberar 2 números de 1 comprador');
    await dialog.getByRole('button', { name: 'Sí, liberar' }).click();
    await expect(toast(page, '2 números liberados: vuelven a estar disponibles')).toBeVisible();
    await expect(rows(page)).toHaveCount(2);

    // By filter, on a phone: the paid number is named as skipped, the rest released.
    await page.setViewportSize({ width: 412, height: 915 });
    await page.getByRole('button', { name: 'Liberar en lote' }).click();
    const byFilter = page.getByRole('menuitem', { name: 'Todos los del filtro actual' });
    await expect(byFilter).toBeVisible();
    // The menu fits the phone: no item wider than the screen.
    const widest = await page
      .getByRole('menu')
      .evaluate((menu) => Math.max(...[...menu.children].map((item) => item.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(412);
    if (SHOTS) {
      await page.waitForTimeout(300); // the menu's fade-in
      await page.screenshot({ path: `${SHOTS}/bulk-menu-412.png` });
    }
    await byFilter.click();
    await expect(dialog).toContainText('Vas a liberar 1 número de 1 comprador');
    await expect(dialog.getByTestId('bulk-skipped')).toHaveText([
      '060: Tiene pagos aprobados: libéralo uno por uno para decidir el reembolso',
    ]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-dialog-412.png` });
    await dialog.getByRole('button', { name: 'Sí, liberar' }).click();
    await expect(toast(page, '1 número liberado: vuelven a estar disponibles')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, '060')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-list-412.png`, fullPage: true });

    // The public board shows them on sale again.
    const board = await (await request.get(`/api/raffles/${raffle.id}/board`)).json();
    expect([7, 12, 13, 50, 61].map((n) => board.statuses[n])).toEqual(['d', 'd', 'd', 'd', 'd']);
    expect(board.statuses[60]).toBe('p');
  });
});
