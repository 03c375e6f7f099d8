import fs from 'node:fs';
import path from 'node:path';
import { expect, test, uniqueReference, withAdminSession } from './fixtures';
import { bothSizes, PHONE, RATE, saleOf } from './money-ledger-helpers';
import { cardsOf, openPayments, uniqueBuyer } from './payments-helpers';
import { setVesRate } from './raffle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 18: money is a ledger. An admin approves the payments a bank statement confirms.

test.describe('money ledger (issue 18)', () => {
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
});
