import { ADMIN, expect, test, toast, withAdminSession } from './fixtures';
import { createRaffleViaApi, rejectedPayment, reserveViaApi, saleId, uniqueRaffleName } from './raffle-seed';
import { ANA, openMenu, row, ticketsUrl } from './sold-tickets-helpers';

test.describe('sold tickets (staff)', () => {
  // Each test seeds its raffle, signs in and walks a whole task; the shared machine is slow.
  test.describe.configure({ timeout: 60_000 });

  test('buyer data is edited with Spanish field errors; the panel shows payments and history; the staff ticket prints with a QR', async ({
    page,
    request,
    baseURL,
  }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Moto Yamaha'),
      total_numbers: 100,
      digit_count: 2,
      price_cents: 1000,
      draw_source: 'Triple Táchira A, 10:00 p. m.',
    });
    await reserveViaApi(request, raffle.id, [21], ANA);
    await rejectedPayment(
      request,
      await saleId(request, raffle.id, 21),
      ANA.cedula,
      500,
      'El comprobante no corresponde',
    );

    await withAdminSession(page);
    await page.goto(ticketsUrl(raffle.id));
    await openMenu(page, '21');
    await page.getByRole('menuitem', { name: 'Editar comprador' }).click();
    const form = page.getByRole('dialog', { name: 'Comprador del número 21' });
    await expect(form.getByLabel('Nombre y apellido')).toHaveValue('Ana Pérez');
    await form.getByLabel('Teléfono').fill('123');
    await form.getByLabel('Nombre y apellido').fill('');
    await form.getByRole('button', { name: 'Guardar datos' }).click();
    await expect(form.getByText('Teléfono inválido: usa el formato 0414-1234567')).toBeVisible();
    await expect(form.getByText('Escribe el nombre y apellido del comprador')).toBeVisible();
    await form.getByLabel('Nombre y apellido').fill('Ana María Pérez de León');
    await form.getByLabel('Teléfono').fill('0424 999 8877');
    await form.getByLabel('Correo (opcional)').fill('ana@example.com');
    await form.getByRole('button', { name: 'Guardar datos' }).click();
    await expect(toast(page, 'Datos del comprador del número 21 guardados')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row(page, '21')).toContainText('Ana María Pérez de León');
    await expect(row(page, '21')).toContainText('0424-9998877');

    // The side panel: buyer, the rejected payment with its reason, and who changed what.
    await page.getByRole('button', { name: 'Ver detalle del número 21' }).click();
    const panel = page.getByRole('dialog', { name: /Número 21/ });
    await expect(panel).toContainText('ana@example.com');
    const payments = panel.getByTestId('ticket-payments');
    await expect(payments).toContainText('$5,00');
    await expect(payments).toContainText('Rechazado');
    await expect(payments).toContainText('Motivo: El comprobante no corresponde');
    const history = panel.getByTestId('ticket-history');
    await expect(history.getByRole('listitem').first()).toContainText('Datos del ticket actualizados');
    await expect(history.getByRole('listitem').first()).toContainText(ADMIN.email);
    await expect(history.getByRole('listitem').last()).toContainText('Apartado');

    // The staff ticket: a preview with the QR to tracking, and window.print prints only it.
    await panel.getByRole('button', { name: 'Imprimir ticket' }).click();
    const preview = page.getByRole('dialog', { name: 'Ticket del número 21' });
    const ticket = preview.getByTestId('staff-printable-ticket');
    await expect(ticket).toContainText('Ana María Pérez de León');
    await expect(ticket).toContainText('V-9876543');
    // The declared source, not the free text beside it.
    await expect(ticket).toContainText('Número aleatorio público (drand)');
    await expect(ticket.getByRole('img', { name: 'Código QR para consultar el ticket' })).toBeVisible();
    await expect(ticket.getByTestId('ticket-qr')).toHaveAttribute(
      'data-url',
      `${baseURL}/tracking?cedula=V-9876543`,
    );
    // Its verification code, with a QR that opens "Verifica tu número" filled in (issue 19).
    await expect(ticket).toContainText(/Código de verificación[346789A-Z]{10}/);
    await expect(
      ticket.getByRole('img', { name: 'Código QR para verificar el número en la lista sellada' }),
    ).toBeVisible();
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed += 1;
      };
    });
    await preview.getByRole('button', { name: 'Imprimir', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#staff-ticket-print')).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    await expect(preview).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('#staff-ticket-print')).toBeHidden();

    // The QR opens tracking with the cedula filled in.
    await page.goto(`/tracking?cedula=${ANA.cedula}`);
    await expect(page.getByRole('textbox', { name: 'Cédula' })).toHaveValue(/9876543/);
  });
});
