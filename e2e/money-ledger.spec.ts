import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiSignIn,
  createStaffUser,
  expect,
  screenshot,
  signInWithForm,
  test,
  toast,
  uniqueReference,
  withAdminSession,
} from './fixtures';
import { cardsOf, openPayments, receiptPng, uniqueBuyer } from './payments-helpers';
import { cell, createActiveRaffle, openRaffle, setVesRate } from './raffle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';
import { openMenu, row, ticketsUrl } from './sold-tickets-helpers';

// Issue 18: money is a ledger. Three journeys: a buyer pays a whole order with one proof in Bs and
// the admin approves it once; an admin approves the payments a bank statement confirms; a vendedor
// records money received by hand and finds it in the number's payments.

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };
/** The day's rate of every spec outside the server-wide ones: Bs amounts below are at 36,50. */
const RATE = 36.5;

/** The order code as buyers read it: "K7M4Q2XA" -> "K7M-4Q2XA". */
const shownCode = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

/** A screenshot at phone size and one at desktop size of what the page shows now. */
async function bothSizes(page: Page, name: string, ready?: () => Promise<void>) {
  await page.setViewportSize(PHONE);
  await ready?.();
  await screenshot(page, `i18-e/${name}-412.png`, { animations: 'disabled' });
  await page.setViewportSize(DESKTOP);
  await ready?.();
  await screenshot(page, `i18-e/${name}-1440.png`, { animations: 'disabled' });
  await page.setViewportSize(PHONE);
}

async function adminHeaders(request: APIRequestContext) {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  return { Authorization: `Bearer ${access_token}` };
}

/** A number's sale as staff see it (status and money), by the admin. */
async function saleOf(request: APIRequestContext, raffleId: string, number: number) {
  const list = await request.get(`/api/raffles/${raffleId}/tickets`, {
    params: { search: String(number), per_page: 50 },
    headers: await adminHeaders(request),
  });
  expect(list.status(), await list.text()).toBe(200);
  const items = (await list.json()).items as {
    number: number;
    status: string;
    total_paid_cents: number;
    remaining_cents: number;
  }[];
  return items.find((t) => t.number === number);
}

test.describe('money ledger (issue 18)', () => {
  test('a buyer reserves 3 numbers and, from tracking, pays the order with one proof in Bs; the admin approves one card', {
    tag: '@screenshots',
  }, async ({ page, browser, request }) => {
    await setVesRate(request, RATE);
    const raffle = await createActiveRaffle(request, {
      name: uniqueRaffleName('Moto Bera pedido'),
      price_cents: 500,
      total_numbers: 100,
      digit_count: 2,
      payment_instructions: 'Pago móvil Banco de Venezuela 0414-1112233, C.I. V-12345678',
    });

    // The buyer, on a phone, picks three numbers and reserves them: the order page opens.
    await page.setViewportSize(PHONE);
    await openRaffle(page, raffle.id);
    for (const label of ['12', '47', '88']) await cell(page, label).click();
    await page.getByRole('button', { name: /^Apartar 3 números/ }).click();
    const checkout = page.getByRole('dialog');
    await checkout.getByLabel('Nombre y apellido').fill('Yusmary Contreras');
    await checkout.getByLabel('Teléfono').fill('0414-5550101');
    const cedula = uniqueBuyer('x').cedula;
    await checkout.getByRole('textbox', { name: 'Cédula' }).fill(cedula.slice(2));
    await checkout.getByLabel('Dirección').fill('Barquisimeto, avenida Lara');
    await checkout.getByRole('button', { name: /^Apartar 3 números/ }).click();
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/raffle/${raffle.id}/pedido/[A-Z0-9]{8}$`));
    const code = page.url().split('/').at(-1) ?? '';
    await expect(page.getByText(shownCode(code)).first()).toBeVisible();

    // Later, from tracking: the order is one link, which opens its page to pay all three at once.
    await page.goto('/tracking');
    await page.getByLabel('Cédula', { exact: true }).fill(cedula.slice(2));
    await page.getByLabel('Últimos 4 dígitos de tu teléfono').fill('0101');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByRole('link', { name: `Pagar pedido ${shownCode(code)} (números 12, 47, 88)` }).click();
    await expect(page).toHaveURL(new RegExp(`/raffle/${raffle.id}/pedido/${code}$`));

    // One payment for the whole order, in bolívares: 3 x $5,00 at 36,50 = Bs 547,50.
    const form = page.getByTestId('order-payment-form');
    await expect(form.getByRole('button', { name: 'Bolívares (Bs)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await form.getByLabel('Monto pagado (Bs)').fill('547,50');
    await expect(form.getByText('Equivale a $15,00 a la tasa del día (36,50 Bs por dólar).')).toBeVisible();
    await form.getByRole('combobox', { name: 'Método de pago' }).click();
    await page.getByRole('option', { name: 'Pago móvil' }).click();
    await form.getByRole('combobox', { name: 'Banco desde el que pagaste' }).click();
    await page.getByRole('option', { name: '0102 · Banco de Venezuela' }).click();
    const reference = uniqueReference();
    await form.getByLabel('Número de referencia').fill(reference);
    await form.getByLabel('Teléfono desde el que hiciste el pago móvil').fill('0414-5550101');
    await form
      .locator('input[type=file]')
      .setInputFiles(await receiptPng(page, ['Pago móvil', `Ref. ${reference}`, 'Bs 547,50']));
    await expect(form.getByText('Comprobante listo')).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await bothSizes(page, 'order-payment-form', () => form.scrollIntoViewIfNeeded());
    await form.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(
      page.getByText('Recibimos tu pago. El organizador lo revisará y lo confirmará.'),
    ).toBeVisible();
    const sent = page.getByTestId('order-payments').getByRole('listitem');
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText('$15,00 / Bs 547,50');
    await expect(sent).toContainText('Pendiente');

    // The admin sees ONE card for the order: its code, the three numbers and what each receives.
    const admin = await browser.newPage({ viewport: PHONE });
    await withAdminSession(admin);
    await openPayments(admin);
    const card = cardsOf(admin, raffle.name);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(shownCode(code));
    const parts = card.getByTestId('payment-parts').getByRole('listitem');
    await expect(parts).toHaveCount(3);
    for (const [index, label] of ['12', '47', '88'].entries()) {
      await expect(parts.nth(index)).toContainText(label);
      await expect(parts.nth(index)).toContainText('Recibe $5,00');
    }
    await expect(card).toContainText('$15,00');
    await expect(card).toContainText('Bs 547,50');
    await expect(card).toContainText('Pagado en Bs: convertido a la tasa del día');
    await expect(card).toContainText('Banco de Venezuela');
    await expect(card).toContainText(reference);
    await expect(
      card.getByRole('img', { name: /^Comprobante de pago de Yusmary Contreras/ }),
    ).toHaveJSProperty('complete', true);
    await card.scrollIntoViewIfNeeded();
    await bothSizes(admin, 'payment-card-order', () => card.scrollIntoViewIfNeeded());

    await card.getByRole('button', { name: 'Aprobar el pago de los números 12, 47, 88' }).click();
    await expect(toast(admin, 'Pago de los números 12, 47, 88 aprobado')).toBeVisible();
    await expect(card).toHaveCount(0);
    await admin.close();

    // Each number is paid in full: sold on the board, and the buyer's order says so.
    for (const number of [12, 47, 88]) {
      const sale = await saleOf(request, raffle.id, number);
      expect(sale, `sale of ${number}`).toMatchObject({
        status: 'pagado',
        total_paid_cents: 500,
        remaining_cents: 0,
      });
    }
    await page.reload();
    await expect(
      page.getByText('Este pedido está pagado por completo. ¡Mucha suerte en el sorteo!'),
    ).toBeVisible();
    await expect(page.getByTestId('order-payments').getByRole('listitem')).toContainText('Aprobado');
    await bothSizes(page, 'order-paid');
    await openRaffle(page, raffle.id, { live: false });
    for (const label of ['12', '47', '88']) await expect(cell(page, label, 'vendido')).toBeVisible();
  });

  test('an admin uploads a bank statement and approves the payments it confirms', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    await setVesRate(request, RATE);
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Conciliación Moto'),
      price_cents: 1000,
      total_numbers: 100,
      digit_count: 2,
    });
    // Two buyers pay their orders by pago móvil (one in Bs, one in USD); a third reports a
    // transfer the bank never credited.
    type Reported = { reference: string; bsCents: number; numbers: number[] };
    const reported: Reported[] = [];
    for (const [index, numbers] of [[10, 11], [20], [30]].entries()) {
      const buyer = uniqueBuyer(['luisa mora', 'pedro díaz', 'ana rondón'][index] ?? 'x');
      const { order } = (await reserveViaApi(request, raffle.id, numbers, buyer)) as {
        order: { code: string };
      };
      const reference = uniqueReference();
      const usd = 1000 * numbers.length;
      const response = await request.post('/api/payments', {
        data: {
          order_code: order.code,
          cedula: buyer.cedula,
          ...(index === 0 ? { amount_ves_cents: Math.round(usd * RATE) } : { amount_cents: usd }),
          payment_method: index === 2 ? 'transfer' : 'pago_movil',
          bank_code: '0134',
          reference,
          ...(index !== 2 && { payer_phone: buyer.phone }),
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      const { payment } = (await response.json()) as {
        payment: { amount_cents: number; rate_to_usd: number | null };
      };
      expect(payment.rate_to_usd, 'the payment keeps the day’s rate').not.toBeNull();
      // What the bank shows: the USD amount at the payment's own rate.
      reported.push({
        reference,
        bsCents: Math.round(payment.amount_cents * (payment.rate_to_usd ?? 0)),
        numbers,
      });
    }

    // The Banesco fixture's own header (Windows-1252, three lines above the table), with today's
    // credits: the two pagos móviles, a commission (a debit) and a deposit nobody reported.
    const fixture = fs.readFileSync(
      path.resolve(import.meta.dirname, '..', 'server/test/fixtures/statements/banesco.csv'),
      'latin1',
    );
    const lines = fixture.split(/\r?\n/);
    const header = lines.slice(0, lines.findIndex((line) => line.startsWith('Fecha;')) + 1);
    expect(header.at(-1)).toBe('Fecha;Referencia;Descripción;Monto;Saldo');
    const today = new Intl.DateTimeFormat('es-VE', {
      timeZone: 'America/Caracas',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .format(new Date())
      .replace(/-/g, '/');
    const bs = (cents: number) =>
      `${Math.floor(cents / 100)
        .toString()
        .replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
    const [luisa, pedro] = reported as [Reported, Reported, Reported];
    const unreported = uniqueReference();
    const statement = [
      ...header,
      `${today};${luisa.reference};PAGO MOVIL RECIBIDO 0412*******;${bs(luisa.bsCents)};150.000,00`,
      `${today};${uniqueReference()};COMISION PAGO MOVIL;-4,50;149.995,50`,
      `${today};${pedro.reference};PAGO MOVIL RECIBIDO 0414*******;${bs(pedro.bsCents)};151.000,00`,
      `${today};${unreported};DEPOSITO EN EFECTIVO;12.345,67;163.345,67`,
    ].join('\r\n');

    await page.setViewportSize(PHONE);
    await withAdminSession(page);
    await page.goto('/dashboard/admin/reconcile');
    await expect(page.getByRole('heading', { level: 1, name: 'Conciliación bancaria' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'banesco-hoy.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement, 'latin1'),
    });
    await page.getByRole('button', { name: 'Cruzar con los pagos' }).click();

    // A layout the app knows (Banesco's): no mapping step; each credit in its state.
    const view = page.getByTestId('statement-view');
    await expect(view.getByRole('heading', { name: 'Resultado de banesco-hoy.csv' })).toBeVisible();
    await expect(view).toContainText('1 débito ignorado');
    const rows = view.getByTestId('statement-row').locator('visible=true');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: luisa.reference })).toHaveAttribute('data-state', 'matched');
    await expect(rows.filter({ hasText: pedro.reference })).toHaveAttribute('data-state', 'matched');
    await expect(rows.filter({ hasText: unreported })).toHaveAttribute('data-state', 'unreported');
    await bothSizes(page, 'reconcile-matches', () => view.evaluate((el) => el.scrollIntoView()));

    await view.getByRole('button', { name: 'Aprobar 2 coincidencias' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Aprobar 2 coincidencias?' });
    await confirm.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await expect(page.getByTestId('approval-result')).toContainText('2 pagos aprobados');
    await expect(view.getByRole('button', { name: 'No hay coincidencias por aprobar' })).toBeDisabled();
    await expect(rows.filter({ hasText: luisa.reference })).toHaveAttribute(
      'data-state',
      'already_reconciled',
    );
    await bothSizes(page, 'reconcile-approved', () => view.evaluate((el) => el.scrollIntoView()));

    // The confirmed orders are paid; the transfer the bank did not show still waits for review.
    for (const number of [10, 11, 20]) {
      expect(await saleOf(request, raffle.id, number), `sale of ${number}`).toMatchObject({
        status: 'pagado',
        remaining_cents: 0,
      });
    }
    expect(await saleOf(request, raffle.id, 30)).toMatchObject({ status: 'apartado' });
    await openPayments(page);
    const pending = cardsOf(page, raffle.name);
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText(reported[2]?.reference ?? '');
  });

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
