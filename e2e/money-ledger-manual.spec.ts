import { apiSignIn, createStaffUser, expect, screenshot, signInWithForm, test, toast } from './fixtures';
import { DESKTOP, PHONE, RATE } from './money-ledger-helpers';
import { uniqueBuyer } from './payments-helpers';
import { setVesRate } from './raffle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';
import { openMenu, row, ticketsUrl } from './sold-tickets-helpers';

// Issue 18: money is a ledger. A vendedor records money received by hand and finds it in the
// number's payments.

test.describe('money ledger (issue 18)', () => {
  test('a vendedor marks a number of their raffle as pagado with its method; the payment is in its history', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    await setVesRate(request, RATE);
    const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
    const raffle = await createRaffleViaApi(
      request,
      { name: uniqueRaffleName('Rifa de Valentina'), total_numbers: 200, digit_count: 3, price_cents: 750 },
      seller,
    );
    const buyer = uniqueBuyer('josé ángel rodríguez');
    await reserveViaApi(request, raffle.id, [12, 13], buyer);

    await page.setViewportSize(PHONE);
    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.goto(ticketsUrl(raffle.id));
    await expect(row(page, '012')).toContainText('Apartado');

    // On a phone: the dialog says what it records (what is owed) and asks how it was received.
    const markPaid = async () => {
      await openMenu(page, '012');
      await page.getByRole('menuitem', { name: 'Marcar como pagado' }).click();
      const dialog = page.getByRole('dialog', { name: 'Marcar el número 012 como pagado' });
      await expect(dialog).toContainText(
        'Se registrará un pago de $7,50, lo que falta por pagar, como recibido por el personal.',
      );
      await expect(dialog.getByTestId('amount-to-record')).toHaveText('$7,50');
      await expect(dialog.getByRole('combobox', { name: 'Método de pago' })).toHaveText('Efectivo');
      await dialog.getByRole('combobox', { name: 'Método de pago' }).click();
      await page.getByRole('option', { name: 'Pago móvil' }).click();
      await expect(dialog.getByRole('combobox', { name: 'Método de pago' })).toHaveText('Pago móvil');
      return dialog;
    };
    let dialog = await markPaid();
    await screenshot(page, 'i18-e/staff-mark-paid-dialog-412.png', { animations: 'disabled' });
    // Cancelling records nothing.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, '012')).toContainText('Apartado');

    // On a desktop (the list is a table there): the same dialog, confirmed.
    await page.setViewportSize(DESKTOP);
    dialog = await markPaid();
    await screenshot(page, 'i18-e/staff-mark-paid-dialog-1440.png', { animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Registrar pago y marcar pagado' }).click();
    await expect(toast(page, 'Número 012: ahora está pagado')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, '012')).toContainText('Pagado');
    await expect(row(page, '013')).toContainText('Apartado');

    // The number's payments: one approved payment of $7,50 by pago móvil, recorded by staff; the
    // history says who recorded it. A side panel on a desktop, a sheet on a phone.
    for (const [size, viewport] of [
      ['1440', DESKTOP],
      ['412', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Ver detalle del número 012' }).click();
      const panel = page.getByRole('dialog', { name: /Número 012/ });
      const entries = panel.getByTestId('ticket-payments').getByTestId('ledger-payment');
      await expect(entries).toHaveCount(1);
      await expect(entries).toContainText('$7,50');
      await expect(entries).toContainText('Aprobado');
      await expect(entries).toContainText('Pago móvil');
      await expect(entries).toContainText('Registrado por el personal');
      await expect(panel.getByTestId('ticket-history')).toContainText(
        'Pago registrado por el personal: $7,50 (Pago móvil)',
      );
      await expect(panel.getByTestId('ticket-history')).toContainText(seller.email);
      await screenshot(page, `i18-e/staff-ticket-payments-${size}.png`, { animations: 'disabled' });
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }

    // The API agrees: paid in full, by the ledger.
    const session = await apiSignIn(request, seller.email, seller.password);
    const list = await request.get(`/api/raffles/${raffle.id}/tickets`, {
      params: { search: '12', per_page: 50 },
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    const sale = ((await list.json()).items as { id: string; number: number }[]).find((t) => t.number === 12);
    const ledger = await request.get(`/api/tickets/${sale?.id}/payments`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(ledger.status(), await ledger.text()).toBe(200);
    expect(await ledger.json()).toMatchObject([
      {
        kind: 'payment',
        status: 'approved',
        amount_cents: 750,
        part_cents: 750,
        payment_method: 'pago_movil',
        recorded_by_staff: true,
      },
    ]);
  });
});
