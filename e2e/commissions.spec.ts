import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiSignIn,
  createStaffUser,
  expect,
  SCREENSHOTS_TAG,
  type SeededUser,
  screenshot,
  signInWithForm,
  test,
  toast,
  uniqueSerial,
  withAdminSession,
} from './fixtures';
import {
  cardsOf,
  decidedNote,
  newRaffle,
  openPayments,
  receiptPng,
  reserveAndPay,
  uniqueBuyer,
} from './payments-helpers';

// Issue 22 part B: an admin sets a vendedor's commission and approves a payment of a sale credited
// to them; the vendedor sees it in "Mis ventas"; the admin records the payout in "Vendedores".

/** Assigns the vendedor to the raffle (as the admin) and answers their referral code (as them). */
async function sellerLink(request: APIRequestContext, raffleId: string, seller: SeededUser) {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const assigned = await request.put(`/api/raffles/${raffleId}/sellers`, {
    data: { seller_ids: [seller.id] },
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const own = await apiSignIn(request, seller.email, seller.password);
  const me = await request.get('/api/sellers/me', {
    headers: { Authorization: `Bearer ${own.access_token}` },
  });
  expect(me.status(), await me.text()).toBe(200);
  return ((await me.json()) as { code: string }).code;
}

async function chooseRaffle(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Rifa' }).click();
  await page.getByRole('option', { name }).click();
}

async function openSellers(page: Page) {
  await page.goto('/dashboard/admin');
  await page
    .getByRole('navigation', { name: 'Menú del panel' })
    .getByRole('link', { name: 'Vendedores' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vendedores' })).toBeVisible();
}

test.describe('commissions', () => {
  test(`approved money of a credited sale is the vendedor's commission, and the admin pays it ${SCREENSHOTS_TAG}`, async ({
    page,
    browser,
    request,
  }) => {
    // Two people, four screens and a payout on two shared cores.
    test.setTimeout(180_000);
    const sellerName = `Valentina Rojas ${uniqueSerial() % 100_000}`;
    const seller = await createStaffUser(request, { full_name: sellerName });
    const raffle = await newRaffle(request, 'Moto Bera');
    const buyer = uniqueBuyer('josé gregorio díaz');
    // The buyer comes through the vendedor's link: the order is credited to them.
    const sellerCode = await sellerLink(request, raffle.id, seller);
    await reserveAndPay(request, raffle.id, [21, 22], buyer, {
      proof: await receiptPng(page, ['Pago móvil', 'Bs 365,00']),
      amountCents: 1000,
      sellerCode,
    });

    // The admin sets 10 % for this seller in this raffle (from the per-raffle ranking).
    await withAdminSession(page);
    await openSellers(page);
    await chooseRaffle(page, raffle.name);
    const row = page.getByTestId('seller-row').filter({ hasText: sellerName });
    await expect(row).toContainText('Sin comisión');
    await row.getByRole('button', { name: `Comisión en esta rifa: ${sellerName}` }).click();
    const terms = page.getByRole('dialog', { name: 'Comisión en esta rifa' });
    await terms.getByLabel('Porcentaje (%)').fill('10');
    await terms.getByRole('button', { name: 'Guardar comisión' }).click();
    await expect(toast(page, 'Comisión guardada')).toBeVisible();
    await expect(row).toContainText('10 %');

    // The admin approves the buyer's payment.
    await openPayments(page, '?status=pending');
    await cardsOf(page, raffle.name)
      .getByRole('button', { name: 'Aprobar el pago de los números 021, 022' })
      .click();
    await expect(decidedNote(page, 'Pago de los números 021, 022 aprobado')).toBeVisible();

    // The vendedor sees $1,00 earned (10 % of $10,00) and owed, in "Mis ventas".
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
    await expect(sellerPage.getByRole('heading', { level: 1, name: 'Mis ventas' })).toBeVisible();
    await expect(sellerPage.getByTestId('commission-earned')).toContainText('$1,00');
    await expect(sellerPage.getByTestId('commission-owed')).toContainText('$1,00');
    await expect(sellerPage.getByTestId('commission-sold')).toContainText('2');
    await expect(sellerPage.getByTestId('raffle-sales').filter({ hasText: raffle.name })).toContainText(
      '$10,00',
    );
    await expect(sellerPage.getByTestId('ledger-earned')).toHaveCount(2);
    await screenshot(sellerPage, 'commissions/mis-ventas-412.png', { fullPage: true });

    // The admin records the payout: the whole balance is offered, and then nothing is owed.
    await openSellers(page);
    await chooseRaffle(page, raffle.name);
    await row.getByRole('button', { name: `Registrar pago de comisión: ${sellerName}` }).click();
    const payout = page.getByRole('dialog', { name: 'Registrar pago de comisión' });
    await expect(payout.getByLabel('Monto (USD)')).toHaveValue('1,00');
    await payout.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(payout.getByText('Indica el método de pago')).toBeVisible();
    await payout.getByLabel('Método').fill('Pago móvil');
    await payout.getByLabel('Referencia (opcional)').fill('0102-4455');
    await payout.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(toast(page, 'Pago de comisión registrado')).toBeVisible();
    await expect(row).toContainText('$0,00');
    await expect(
      row.getByRole('button', { name: `Registrar pago de comisión: ${sellerName}` }),
    ).toBeDisabled();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'commissions/vendedores-1440.png', { fullPage: true });

    // The vendedor sees the payment and nothing owed.
    await sellerPage.reload();
    await expect(sellerPage.getByTestId('commission-paid')).toContainText('$1,00');
    await expect(sellerPage.getByTestId('commission-owed')).toContainText('$0,00');
    await expect(sellerPage.getByTestId('ledger-paid_out')).toContainText('Pago móvil · ref. 0102-4455');
    await screenshot(sellerPage, 'commissions/mis-ventas-paid-412.png', { fullPage: true });
    await sellerPage.setViewportSize({ width: 1440, height: 900 });
    await screenshot(sellerPage, 'commissions/mis-ventas-1440.png', { fullPage: true });
    await phone.close();

    await page.setViewportSize({ width: 412, height: 915 });
    await expect(page.getByTestId('seller-card').filter({ hasText: sellerName })).toBeVisible();
    await screenshot(page, 'commissions/vendedores-412.png', { fullPage: true });
  });

  test('a vendedor has "Mis ventas" in the menu and no "Vendedores"; the admin screen is refused', async ({
    page,
    request,
  }) => {
    const seller = await createStaffUser(request);
    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    const menu = page.getByRole('navigation', { name: 'Menú del panel' });
    await expect(menu.getByRole('link', { name: 'Mis ventas' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Vendedores' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Mis ventas' }).click();
    await expect(page.getByText('Todavía no tienes ventas acreditadas')).toBeVisible();
    await page.goto('/dashboard/admin/vendedores');
    await expect(page.getByRole('heading', { level: 1, name: 'Vendedores' })).toHaveCount(0);
  });
});
