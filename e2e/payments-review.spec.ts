import type { Page } from '@playwright/test';
import { expect, test, toast, uniqueReference, withAdminSession } from './fixtures';
import {
  cardsOf,
  decidedNote,
  newRaffle,
  openPayments,
  receiptPng,
  reserveAndPay,
  uniqueBuyer,
} from './payments-helpers';
import { cell, openRaffle, phoneContext, setVesRate } from './raffle-helpers';

/** The pending count the menu badge shows beside "Pagos" (0 when it shows none). */
async function menuBadge(page: Page): Promise<number> {
  const badge = page
    .getByRole('navigation', { name: 'Menú del panel' })
    .getByTestId('pending-payments-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.locator('[aria-hidden]').textContent());
}

test.describe('payments screen (admin)', () => {
  test.beforeEach(async ({ request }) => {
    await setVesRate(request, 36.5);
  });

  test('approving a proof sells the number on the public board open in another page, live', async ({
    page,
    browser,
    request,
  }) => {
    const raffle = await newRaffle(request, 'Moto Bera SBR');
    const buyer = uniqueBuyer('maría de los ángeles pérez');
    const reference = uniqueReference();
    await reserveAndPay(request, raffle.id, [7], buyer, {
      proof: await receiptPng(page, ['Pago móvil', `Ref. ${reference}`, 'Bs 182,50']),
      reference,
    });

    // A visitor watches the board on their phone.
    const visitor = await phoneContext(browser);
    const board = await visitor.newPage();
    await openRaffle(board, raffle.id);
    await expect(cell(board, '007', 'apartado')).toBeVisible();

    await withAdminSession(page);
    await openPayments(page);
    await expect(page).toHaveURL(/\/dashboard\/admin\/payments$/);
    const card = cardsOf(page, raffle.name);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('list', { name: '1 número' })).toContainText('007');
    await expect(card.getByRole('heading', { name: 'María de los Ángeles Pérez' })).toBeVisible();
    await expect(card).toContainText(buyer.cedula);
    await expect(card).toContainText('$5,00');
    await expect(card).toContainText('Bs 182,50');
    await expect(card).toContainText('Pago móvil');
    await expect(card).toContainText(reference);
    await expect(card.getByText(/^Quedan (47|48) h para revisar$/)).toBeVisible();
    const whatsapp = card.getByRole('link', { name: /^Escribir por WhatsApp a María de los Ángeles Pérez/ });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/58412777\d{4}\?text=/);
    // The proof is private: it is shown in place from the authenticated download, and zooms.
    const image = card.getByRole('img', { name: /^Comprobante de pago de María de los Ángeles Pérez/ });
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await card.getByRole('button', { name: 'Ampliar comprobante' }).click();
    const zoom = page.getByRole('dialog', { name: /^Comprobante de María de los Ángeles Pérez · 007/ });
    await expect(zoom.getByRole('img')).toBeVisible();
    await zoom.getByRole('button', { name: 'Cerrar' }).click();
    await expect(zoom).toBeHidden();

    const pendingBefore = await menuBadge(page);
    expect(pendingBefore).toBeGreaterThan(0);
    await expect(page.getByRole('tab', { name: `Pendientes (${pendingBefore} pago` })).toBeVisible();

    const approve = card.getByRole('button', { name: 'Aprobar el pago del número 007' });
    await approve.click();
    // The card stays where it was tapped and says so: no other buyer's card slides under the finger.
    await expect(decidedNote(page, 'Pago del número 007 aprobado')).toBeVisible();
    await expect(card.getByTestId('payment-decided')).toBeFocused();
    await expect(card.getByRole('button', { name: /^Aprobar/ })).toHaveCount(0);
    // The menu badge and the tab count follow the decision.
    await expect.poll(() => menuBadge(page)).toBe(pendingBefore - 1);

    // The visitor's board turns the number sold without a reload.
    await expect(cell(board, '007', 'vendido')).toBeVisible();
    await visitor.close();

    await page.getByRole('tab', { name: /^Aprobados/ }).click();
    await expect(page).toHaveURL(/\?status=approved$/);
    const approved = cardsOf(page, raffle.name);
    await expect(approved.getByText('Aprobado', { exact: true })).toBeVisible();
    await expect(approved).toContainText('Revisado');
    await expect(approved.getByRole('button', { name: /^Aprobar/ })).toHaveCount(0);
  });

  test('rejecting asks for a reason, names the buyer, and the payment moves to Rechazados', async ({
    page,
    request,
  }) => {
    const raffle = await newRaffle(request, 'Televisor 55 pulgadas');
    const buyer = uniqueBuyer('ana rivas');
    const reference = uniqueReference();
    await reserveAndPay(request, raffle.id, [12], buyer, {
      proof: await receiptPng(page, ['Transferencia', `Ref. ${reference}`]),
      reference,
      method: 'transfer',
    });
    await withAdminSession(page);
    await openPayments(page, '?status=pending');
    const card = cardsOf(page, raffle.name);
    await card.getByRole('button', { name: 'Rechazar el pago del número 012' }).click();

    const dialog = page.getByRole('dialog', { name: 'Rechazar el pago de Ana Rivas' });
    await expect(dialog).toContainText('el pago del número 012');
    await expect(dialog).toContainText(raffle.name);
    // The reason is required: nothing is sent without it.
    await dialog.getByRole('button', { name: 'Rechazar pago' }).click();
    await expect(dialog.getByText('Escribe el motivo del rechazo')).toBeVisible();
    await expect(card).toHaveCount(1);

    const reason = `La referencia ${reference} no aparece en el banco`;
    await dialog.getByLabel('Motivo del rechazo').fill(reason);
    await dialog.getByRole('button', { name: 'Rechazar pago' }).click();
    await expect(decidedNote(page, 'Pago del número 012 rechazado')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: /^Rechazar/ })).toHaveCount(0);

    await page.getByRole('tab', { name: /^Rechazados/ }).click();
    await expect(page).toHaveURL(/\?status=rejected$/);
    const rejected = cardsOf(page, raffle.name);
    await expect(rejected.getByText('Rechazado', { exact: true })).toBeVisible();
    await expect(rejected.getByText(reason)).toBeVisible();
    await expect(rejected.getByRole('button', { name: /^Rechazar/ })).toHaveCount(0);
    // The back button returns to the pending tab.
    await page.goBack();
    await expect(page.getByRole('tab', { name: /^Pendientes/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('one proof for an order of two numbers is one payment: one card, approved with one click', async ({
    page,
    request,
  }) => {
    const raffle = await newRaffle(request, 'Combo iPhone 16');
    const buyer = uniqueBuyer('carlos gómez');
    const reference = uniqueReference();
    const { paymentId, orderCode } = await reserveAndPay(request, raffle.id, [4, 3], buyer, {
      proof: await receiptPng(page, ['Pago móvil', `Ref. ${reference}`, 'Bs 365,00']),
      reference,
    });
    await withAdminSession(page);
    await openPayments(page);
    const card = cardsOf(page, raffle.name);
    await expect(card).toHaveCount(1);
    // The order's code as buyers read it, and what the payment gives each number (in number order).
    await expect(card).toContainText(`${orderCode.slice(0, 3)}-${orderCode.slice(3)}`);
    const parts = card.getByTestId('payment-parts').getByRole('listitem');
    await expect(parts).toHaveCount(2);
    await expect(parts.nth(0)).toContainText('003');
    await expect(parts.nth(0)).toContainText('Recibe $5,00');
    await expect(parts.nth(1)).toContainText('004');
    await expect(parts.nth(1)).toContainText('Recibe $5,00');
    await expect(card).toContainText('$10,00');
    await expect(card).toContainText('Bs 365,00');

    const reviews: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/payments') && ['PATCH', 'POST'].includes(r.method())) {
        reviews.push(`${r.method()} ${new URL(r.url()).pathname}`);
      }
    });
    const approve = card.getByRole('button', { name: 'Aprobar el pago de los números 003, 004' });
    await approve.click();
    await expect(decidedNote(page, 'Pago de los números 003, 004 aprobado')).toBeVisible();
    // One decision on the one payment, for both numbers.
    expect(reviews).toEqual([`PATCH /api/payments/${paymentId}`]);
    await expect(card.getByRole('button', { name: /^Aprobar/ })).toHaveCount(0);

    await page.getByRole('tab', { name: /^Aprobados/ }).click();
    const approved = cardsOf(page, raffle.name);
    await expect(approved).toHaveCount(1);
    await expect(approved.getByTestId('payment-parts').getByRole('listitem')).toHaveCount(2);

    // Each number is paid in full.
    await openRaffle(page, raffle.id, { live: false });
    await expect(cell(page, '003', 'vendido')).toBeVisible();
    await expect(cell(page, '004', 'vendido')).toBeVisible();
  });

  test('a payment already decided in another tab shows the server message and refreshes', async ({
    page,
    request,
  }) => {
    const raffle = await newRaffle(request, 'Nevera Mabe');
    const buyer = uniqueBuyer('luis herrera');
    await reserveAndPay(request, raffle.id, [50], buyer, {
      proof: await receiptPng(page, ['Zelle', 'Ref. 555000']),
      method: 'zelle',
    });
    await withAdminSession(page);
    await openPayments(page);
    const card = cardsOf(page, raffle.name);
    await expect(card).toHaveCount(1);

    // The same admin decides it in a second tab first.
    const other = await page.context().newPage();
    await openPayments(other);
    await cardsOf(other, raffle.name).getByRole('button', { name: 'Aprobar el pago del número 050' }).click();
    await expect(decidedNote(other, 'Pago del número 050 aprobado')).toBeVisible();
    await other.close();

    // This tab still shows it as pending; approving it again is refused in Spanish, and the list refreshes.
    await card.getByRole('button', { name: 'Aprobar el pago del número 050' }).click();
    await expect(
      toast(
        page,
        'Este pago ya fue revisado: su decisión es definitiva.',
        'Actualizamos la lista con los datos más recientes.',
      ),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
