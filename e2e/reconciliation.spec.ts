import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignIn, expect, screenshot, signInAsAdmin, test, uniqueSerial } from './fixtures';
import { setVesRate } from './raffle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

const PHONE = { width: 412, height: 915 };

/** A full-page screenshot from the top, so the sticky phone header sits where it belongs. */
async function shoot(page: Page, file: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, file, { fullPage: true });
}
const DESKTOP = { width: 1440, height: 900 };

type Seeded = { id: string; reference: string; bs: number; ticketNumber: string };

/** "1.234,56" from Bs cents, as a bank prints it. */
const spanish = (cents: number) =>
  `${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents % 100).padStart(2, '0')}`;
const today = () =>
  new Intl.DateTimeFormat('es-VE', {
    timeZone: 'America/Caracas',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(new Date())
    .replace(/-/g, '/');

/**
 * Four reported payments of one raffle (two to match, one whose amount differs, one already
 * approved) and a statement crediting them today, plus a credit nobody reported and a reference
 * printed twice. Its headers are unknown to the app, with a column of its own so its layout has not
 * been remembered by an earlier run.
 */
async function seed(request: APIRequestContext) {
  const session = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const raffle = await createRaffleViaApi(request, {
    name: uniqueRaffleName('Conciliación'),
    price_cents: 1000,
  });
  const serial = uniqueSerial();
  const payments: Seeded[] = [];
  for (let i = 0; i < 4; i++) {
    const reserved = await reserveViaApi(request, raffle.id, [i], {
      name: ['Ana Rondón', 'José Peña', 'Luisa Mora', 'Pedro Díaz'][i],
      // Always eight digits: a cédula has at least six, whatever the serial's last digits are.
      cedula: `V-${10_000_000 + ((serial + i) % 90_000_000)}`,
    });
    const ticket = reserved.tickets[0];
    const reference = String(40_000_000 + ((serial * 7 + i) % 50_000_000));
    const created = await request.post('/api/payments', {
      data: { ticket_id: ticket.id, amount_cents: 1000, reference, payment_method: 'pago_movil' },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const { payment } = await created.json();
    if (payment.rate_to_usd === null) throw new Error('no VES rate: set it first');
    payments.push({
      id: payment.id,
      reference,
      bs: Math.round(1000 * payment.rate_to_usd),
      ticketNumber: ticket.ticket_number,
    });
  }
  const approved = payments[3] as Seeded;
  const decided = await request.patch(`/api/payments/${approved.id}`, {
    data: { status: 'approved' },
    headers,
  });
  expect(decided.status(), await decided.text()).toBe(200);

  const day = today();
  const [a, b, c, d] = payments as [Seeded, Seeded, Seeded, Seeded];
  const branch = `Agencia ${serial % 100_000}`;
  const line = (ref: string, cents: number, text: string) =>
    `${ref};${day};${text};${spanish(cents)};${branch}`;
  const csv = [
    `Nro. Operación;Día;Glosa;Movimiento;${branch}`,
    line(a.reference, a.bs, 'PAGO MOVIL RECIBIDO 0414*******'),
    line(`0000${b.reference}`, b.bs + 150, 'TRANSF. RECIBIDA DE JOSE PEÑA'),
    line(c.reference, Math.round(c.bs / 2), 'PAGO MOVIL RECIBIDO 0412*******'),
    line(d.reference, d.bs, 'PAGO MOVIL RECIBIDO 0416*******'),
    line(String(90_000_000 + (serial % 9_000_000)), 1_234_567, 'DEPOSITO EN EFECTIVO'),
    `${String(70_000_000 + (serial % 9_000_000))};${day};COMISION PAGO MOVIL;-4,50;${branch}`,
    line(String(80_000_000 + (serial % 9_000_000)), 250_000, 'PAGO MOVIL RECIBIDO 0424*******'),
    line(String(80_000_000 + (serial % 9_000_000)), 250_000, 'PAGO MOVIL RECIBIDO 0424******* (2)'),
  ].join('\n');
  return { raffle, payments, csv: Buffer.from(csv, 'utf8') };
}

async function chooseColumn(page: Page, field: string, column: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: column, exact: true }).click();
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`reconciles a bank statement: mapping step, every state, approve the matches (${label}) @screenshots`, async ({
    page,
    request,
  }) => {
    const width = viewport.width;
    await setVesRate(request, 245.5);
    const { payments, csv } = await seed(request);
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    await page.goto('/dashboard/admin/reconcile');
    await expect(page.getByRole('heading', { name: 'Conciliación bancaria' })).toBeVisible();

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'movimientos.csv', mimeType: 'text/csv', buffer: csv });
    await expect(page.getByTestId('statement-drop').getByText('movimientos.csv')).toBeVisible();
    await shoot(page, `i18-r/reconcile-upload-${width}.png`);
    await page.getByRole('button', { name: 'Cruzar con los pagos' }).click();

    // A layout the app does not know: which column is which, with the first rows shown.
    await expect(page.getByRole('heading', { name: '¿Qué columna es cada dato?' })).toBeVisible();
    await expect(page.getByTestId('mapping-sample')).toContainText('PAGO MOVIL RECIBIDO');
    await chooseColumn(page, 'Fecha', 'Día');
    await chooseColumn(page, 'Referencia', 'Nro. Operación');
    await chooseColumn(page, 'Concepto (opcional)', 'Glosa');
    await shoot(page, `i18-r/reconcile-mapping-${width}.png`);
    await page.getByRole('button', { name: 'Leer con estas columnas' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Elige una columna para este dato' }),
    ).toBeVisible();
    await chooseColumn(page, 'Monto (crédito)', 'Movimiento');
    await page.getByRole('button', { name: 'Leer con estas columnas' }).click();

    const view = page.getByTestId('statement-view');
    await expect(view.getByRole('heading', { name: 'Resultado de movimientos.csv' })).toBeVisible();
    await expect(view).toContainText('1 débito ignorado');
    const rows = view.getByTestId('statement-row').locator('visible=true');
    await expect(rows).toHaveCount(7);
    const stateOf = async (reference: string) =>
      (await rows.filter({ hasText: reference }).first().getAttribute('data-state')) ?? '';
    const [a, b, c, d] = payments as [Seeded, Seeded, Seeded, Seeded];
    expect(await stateOf(a.reference)).toBe('matched');
    expect(await stateOf(`0000${b.reference}`)).toBe('matched');
    expect(await stateOf(c.reference)).toBe('amount_mismatch');
    expect(await stateOf(d.reference)).toBe('already_reconciled');
    await expect(rows.filter({ hasText: 'DEPOSITO EN EFECTIVO' })).toHaveAttribute(
      'data-state',
      'unreported',
    );
    await expect(view.locator('[data-state="duplicate"]').locator('visible=true')).toHaveCount(2);
    await shoot(page, `i18-r/reconcile-results-${width}.png`);

    // The state tiles filter the rows.
    await view.getByRole('button', { name: /Monto distinto/ }).click();
    await expect(rows).toHaveCount(1);
    await view.getByRole('button', { name: /Monto distinto/ }).click();
    await expect(rows).toHaveCount(7);

    await view.getByRole('button', { name: 'Aprobar 2 coincidencias' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('¿Aprobar 2 coincidencias?');
    await dialog.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await expect(page.getByTestId('approval-result')).toContainText('2 pagos aprobados');
    await expect(view.getByRole('button', { name: 'No hay coincidencias por aprobar' })).toBeDisabled();
    expect(await stateOf(a.reference)).toBe('already_reconciled');
    await shoot(page, `i18-r/reconcile-approved-${width}.png`);
  });
}

test('the Conciliación menu entry is for admins', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Conciliación' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/reconcile$/);
  await expect(
    page
      .getByText('Todavía no has subido ningún estado de cuenta.')
      .or(page.getByText('Estados de cuenta subidos')),
  ).toBeVisible();
});
