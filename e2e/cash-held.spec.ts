import type { APIRequestContext } from '@playwright/test';
import type { CashRefund, SellerCash } from '../domain/cash-held';
import { formatVesCents } from '../domain/money';
import {
  ADMIN,
  apiSignIn,
  createStaffUser,
  expect,
  finiteAnimationsDone,
  SCREENSHOTS_TAG,
  type SeededUser,
  screenshot,
  signInWithForm,
  test,
  toast,
  uniqueSerial,
  withAdminSession,
} from './fixtures';
import { newRaffle, uniqueBuyer } from './payments-helpers';
import { setVesRate } from './raffle-helpers';
import { reserveViaApi } from './raffle-seed';
import { openMenu, ticketsUrl } from './sold-tickets-helpers';

// Decision 062: cash a vendedor records by hand is held until an admin records its hand-over; the
// commission on it waits. The vendedor sees it apart in "Mis ventas"; the admin records the
// hand-over in "Vendedores".

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The admin assigns the vendedor and sets 10 %; answers the vendedor's referral code and token. */
async function sellerAtTenPercent(request: APIRequestContext, raffleId: string, seller: SeededUser) {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const assigned = await request.put(`/api/raffles/${raffleId}/sellers`, {
    data: { seller_ids: [seller.id] },
    headers: bearer(admin.access_token),
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const terms = await request.put(`/api/raffles/${raffleId}/commissions`, {
    data: { seller_id: seller.id, percent: 10 },
    headers: bearer(admin.access_token),
  });
  expect(terms.status(), await terms.text()).toBe(200);
  const own = await apiSignIn(request, seller.email, seller.password);
  const me = await request.get('/api/sellers/me', { headers: bearer(own.access_token) });
  expect(me.status(), await me.text()).toBe(200);
  return { code: ((await me.json()) as { code: string }).code, token: own.access_token };
}

test.describe('cash held by vendedores', () => {
  test(`a vendedor's own cash holds their commission until the admin records the hand-over ${SCREENSHOTS_TAG}`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // A long name: the refund line that says who recorded it must wrap, not overflow, on a phone.
    const sellerName = `Carlos Alberto Pérez Rodríguez de la Fuente ${uniqueSerial() % 100_000}`;
    const seller = await createStaffUser(request, { full_name: sellerName });
    // A day's rate, so the cash and its refunds have Bs (each payment keeps the rate of its day;
    // other specs may set another one meanwhile, so the Bs expected are read from the API).
    await setVesRate(request, 36.5);
    const raffle = await newRaffle(request, 'Moto Bera');
    const { code, token } = await sellerAtTenPercent(request, raffle.id, seller);
    const { tickets } = (await reserveViaApi(
      request,
      raffle.id,
      [7, 8],
      uniqueBuyer('maría fernanda lópez'),
      code,
    )) as { tickets: { id: string }[] };
    // The vendedor records both numbers paid in cash ("Registrar pago", then "pagado").
    const first = await request.post(`/api/tickets/${tickets[0]?.id}/payments`, {
      data: { amount_cents: 500, payment_method: 'efectivo' },
      headers: bearer(token),
    });
    expect(first.status(), await first.text()).toBe(201);
    const second = await request.patch(`/api/tickets/${tickets[1]?.id}`, {
      data: { status: 'pagado' },
      headers: bearer(token),
    });
    expect(second.status(), await second.text()).toBe(200);

    // The vendedor: $1,00 of commission held, nothing payable yet, $10,00 to hand over.
    const phone = await browser.newContext({
      viewport: { width: 412, height: 915 },
      locale: 'es-VE',
      timezoneId: 'America/Caracas',
    });
    const sellerPage = await phone.newPage();
    await sellerPage.goto('/login');
    await signInWithForm(sellerPage, seller.email, seller.password);
    await expect(sellerPage).toHaveURL(/\/dashboard\/admin$/);
    await sellerPage.goto('/dashboard/admin/mis-ventas');
    await expect(sellerPage.getByTestId('commission-held')).toContainText('$1,00');
    await expect(sellerPage.getByTestId('commission-owed')).toContainText('$0,00');
    const mine = sellerPage.getByRole('region', { name: 'Tu efectivo por entregar' });
    await expect(mine.getByTestId('cash-summary')).toContainText('$10,00');
    await expect(mine.getByTestId('cash-summary')).toContainText('2 pagos');
    await expect(mine.getByRole('button', { name: 'Registrar entrega' })).toHaveCount(0);
    await screenshot(sellerPage, 'cash-held/mis-ventas-412.png', { fullPage: true });

    // The admin, on a phone: the seller's card says what they hold; the dialog records $5,00.
    await page.setViewportSize({ width: 412, height: 915 });
    await withAdminSession(page);
    await page.goto('/dashboard/admin/vendedores');
    await expect(page.getByRole('heading', { level: 1, name: 'Vendedores' })).toBeVisible();
    const card = page.getByTestId('seller-card').filter({ hasText: sellerName });
    await expect(card).toContainText('Efectivo por entregar');
    await expect(card).toContainText('$10,00');
    await screenshot(card, 'cash-held/vendedores-card-412.png');
    await card.getByRole('button', { name: `Efectivo por entregar de ${sellerName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Efectivo de ${sellerName}` });
    await expect(dialog.getByTestId('cash-summary')).toContainText('$1,00');
    await screenshot(page, 'cash-held/efectivo-dialog-412.png');
    await dialog.getByRole('button', { name: 'Registrar entrega' }).click();
    const amount = dialog.getByLabel('Monto entregado (USD)');
    await expect(amount).toHaveValue('10,00');
    await amount.fill('5');
    await expect(dialog.getByTestId('handover-covers')).toHaveText('Cubre 1 pago completo');
    await dialog.getByLabel('Nota (opcional)').fill('Entregado en la oficina');
    await screenshot(page, 'cash-held/registrar-entrega-412.png');
    await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(toast(page, 'Entrega de efectivo registrada')).toBeVisible();
    await expect(dialog.getByTestId('cash-summary')).toContainText('$5,00');
    await expect(dialog.getByRole('list', { name: 'Entregas registradas' })).toContainText(
      'Entregado en la oficina',
    );
    await screenshot(page, 'cash-held/entrega-registrada-412.png');

    await page.setViewportSize({ width: 1440, height: 900 });
    // The sheet becomes a centred dialog: wait for it to settle, or the picture catches it half-faded.
    await finiteAnimationsDone(page);
    await screenshot(page, 'cash-held/entrega-registrada-1440.png');
    await page.keyboard.press('Escape');
    const row = page.getByTestId('seller-row').filter({ hasText: sellerName });
    await expect(row).toContainText('$5,00');
    await screenshot(page, 'cash-held/vendedores-1440.png', { fullPage: true });

    // The vendedor: half the commission is now payable, the rest still waits.
    await sellerPage.reload();
    await expect(sellerPage.getByTestId('commission-held')).toContainText('$0,50');
    await expect(sellerPage.getByTestId('commission-owed')).toContainText('$0,50');
    await screenshot(sellerPage, 'cash-held/mis-ventas-after-412.png', { fullPage: true });
    await sellerPage.setViewportSize({ width: 1440, height: 900 });
    await screenshot(sellerPage, 'cash-held/mis-ventas-1440.png', { fullPage: true });
    await phone.close();

    // The admin refunds part of number 008: the seller gave it back out of the cash they hold.
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto(ticketsUrl(raffle.id));
    await openMenu(page, '008');
    await page.getByRole('menuitem', { name: 'Registrar reembolso' }).click();
    const refund = page.getByRole('alertdialog', { name: 'Registrar un reembolso del número 008' });
    await refund.getByLabel('Monto a reembolsar (USD)').fill('2');
    await refund.getByLabel('Motivo').fill('El comprador devolvió un número');
    await refund
      .getByRole('checkbox', { name: 'El vendedor devolvió este dinero del efectivo que tiene por entregar' })
      .check();
    await expect(refund).toContainText(`Márcalo solo si ${sellerName}`);
    await screenshot(page, 'cash-held/reembolso-del-efectivo-412.png');
    await refund.getByRole('button', { name: 'Registrar reembolso' }).click();
    await expect(refund).toBeHidden();
    // The vendedor gives $1,00 more of it back themself: out of their cash too.
    const own = await request.post(`/api/tickets/${tickets[1]?.id}/refunds`, {
      data: { amount_cents: 100, reason: 'Error al cobrar' },
      headers: bearer(token),
    });
    expect(own.status(), await own.text()).toBe(201);
    const cash = await request.get(`/api/sellers/${seller.id}/cash`, { headers: bearer(token) });
    const held = (await cash.json()) as SellerCash;
    expect(held.held_cents).toBe(200);
    // Newest first: the vendedor's, then the admin's; each in Bs at the payment's rate.
    expect(held.refunds.map((r) => [r.amount_cents, r.created_by_name])).toEqual([
      [100, sellerName],
      [200, expect.any(String)],
    ]);
    const [bySeller, byAdmin] = held.refunds as [CashRefund, CashRefund];
    expect(bySeller.amount_ves_cents, 'the payment kept the day’s rate').not.toBeNull();

    // The seller's cash panel says where those $3,00 went, who recorded each, beside the hand-over.
    await page.goto('/dashboard/admin/vendedores');
    await page
      .getByTestId('seller-card')
      .filter({ hasText: sellerName })
      .getByRole('button', { name: `Efectivo por entregar de ${sellerName}` })
      .click();
    const panel = page.getByRole('dialog', { name: `Efectivo de ${sellerName}` });
    const refunds = panel.getByRole('list', { name: 'Reembolsos del efectivo' });
    await expect(refunds).toContainText('Nº 008');
    await expect(refunds).toContainText('El comprador devolvió un número');
    await expect(refunds).toContainText('$2,00');
    const lines = refunds.getByRole('listitem');
    await expect(lines.nth(0)).toContainText(`Registrado por ${sellerName}`);
    await expect(lines.nth(0)).toContainText(formatVesCents(bySeller.amount_ves_cents ?? 0));
    await expect(lines.nth(1)).toContainText(`Registrado por ${byAdmin.created_by_name}`);
    await expect(lines.nth(1)).toContainText(formatVesCents(byAdmin.amount_ves_cents ?? 0));
    // Nothing in a line is wider than the line (the long name wraps).
    for (const line of await lines.all()) {
      const [width, scroll] = await line.evaluate((el) => [el.clientWidth, el.scrollWidth]);
      expect(scroll).toBeLessThanOrEqual(width);
    }
    await refunds.scrollIntoViewIfNeeded();
    await screenshot(page, 'cash-held/reembolso-en-panel-412.png');
    await page.setViewportSize({ width: 1440, height: 900 });
    await finiteAnimationsDone(page);
    await refunds.scrollIntoViewIfNeeded();
    await screenshot(page, 'cash-held/reembolso-en-panel-1440.png');
  });
});
