import { expect, test, uniqueReference, withAdminSession } from './fixtures';
import { bothSizes, PHONE, RATE, saleOf, shownCode } from './money-ledger-helpers';
import { cardsOf, decidedNote, openPayments, receiptPng, uniqueBuyer } from './payments-helpers';
import { cell, createActiveRaffle, openRaffle, setVesRate } from './raffle-helpers';
import { uniqueRaffleName } from './raffle-seed';

// Issue 18: money is a ledger. A buyer pays a whole order with one proof in Bs and the admin
// approves it once.

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
    await expect(decidedNote(admin, 'Pago de los números 12, 47, 88 aprobado')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Aprobar/ })).toHaveCount(0);
    await bothSizes(admin, 'payment-card-decided', () =>
      card.getByTestId('payment-decided').evaluate((el) => el.scrollIntoView({ block: 'center' })),
    );
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
});
