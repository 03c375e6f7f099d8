import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignIn, expect, screenshot, test, toast, uniqueSerial } from './fixtures';
import { setVesRate } from './raffle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };
const REJECTION = 'La referencia no aparece en el banco';

/** A real 1x1 PNG: the server checks the content, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A buyer no other spec uses, so the lookup finds only this spec's tickets. */
function uniqueBuyer() {
  const digits = String(30_000_000 + (uniqueSerial() % 9_000_000));
  const last4 = digits.slice(-4);
  return {
    name: 'José Ñáñez Rodríguez',
    phone: `0414-555${last4}`,
    address: 'Mérida, sector Belén',
    cedula: `V-${digits}`,
    digits,
    last4,
  };
}

/** What the reservation form sends (the lookup digits stay in the test). */
function buyerFields({ name, phone, address, cedula }: ReturnType<typeof uniqueBuyer>) {
  return { name, phone, address, cedula };
}

async function uploadProofViaApi(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/uploads', {
    multipart: { file: { name: 'pago.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { fileUrl: string }).fileUrl;
}

/** The buyer's first proof, sent as the public buyer, then rejected by the admin with a reason. */
async function sendAndRejectProof(
  request: APIRequestContext,
  raffleId: string,
  number: number,
  buyer: ReturnType<typeof uniqueBuyer>,
  amountCents: number,
) {
  const created = await request.post('/api/payments', {
    data: {
      raffle_id: raffleId,
      number,
      cedula: buyer.cedula,
      phone_last4: buyer.last4,
      amount_cents: amountCents,
      payment_method: 'pago_movil',
      reference: '000111',
      payment_proof: await uploadProofViaApi(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { payment } = (await created.json()) as { payment: { id: string } };
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const rejected = await request.patch(`/api/payments/${payment.id}`, {
    data: { status: 'rejected', reason: REJECTION },
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
}

/** At a rate of 36.5 Bs: a new raffle paid in 4 cuotas, and `number` reserved by a new buyer. */
async function reserveInCuotas(request: APIRequestContext, name: string, priceCents: number, number: number) {
  await setVesRate(request, 36.5);
  const raffle = await createRaffleViaApi(request, {
    name: uniqueRaffleName(name),
    price_cents: priceCents,
    payment_type: 'cuotas',
    installments: 4,
  });
  const buyer = uniqueBuyer();
  await reserveViaApi(request, raffle.id, [number], buyerFields(buyer));
  return { raffle, buyer };
}

async function lookUp(page: Page, digits: string, last4: string) {
  await page.getByLabel('Cédula', { exact: true }).fill(digits);
  await page.getByLabel('Últimos 4 dígitos de tu teléfono').fill(last4);
  await page.getByRole('button', { name: 'Consultar' }).click();
}

test.describe('paying from tracking', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('after a rejected proof the buyer sees why and sends another from tracking', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    await setVesRate(request, 36.5);
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Moto Bera SBR 2026 edición aniversario'),
      total_numbers: 1000,
      digit_count: 3,
    });
    const buyer = uniqueBuyer();
    await reserveViaApi(request, raffle.id, [7, 8], buyerFields(buyer));
    await sendAndRejectProof(request, raffle.id, 7, buyer, 500);

    // The printable ticket's QR opens tracking with the cedula: it is prefilled, then left out of the URL.
    await page.goto(`/tracking?cedula=${buyer.cedula}`);
    await expect(page.getByLabel('Cédula', { exact: true })).toHaveValue(buyer.digits);
    await expect(page).toHaveURL(/\/tracking$/);
    await lookUp(page, buyer.digits, buyer.last4);

    const ticket = page.getByTestId('tracked-ticket').filter({ hasText: '#007' });
    await expect(ticket.getByText(`Rechazado: ${REJECTION}`)).toBeVisible();
    await expect(ticket.getByText('Tu pago está en revisión')).toHaveCount(0);

    await ticket.getByRole('button', { name: 'Enviar comprobante' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar comprobante del número 007' });
    // Pago único: the whole price is due.
    await expect(dialog.getByLabel('Monto pagado (USD)')).toHaveValue('5,00');
    await expect(dialog.getByText('Equivale a Bs 182,50 a la tasa del día.')).toBeVisible();

    // Sending without a proof, or more than what remains, is explained and nothing is sent.
    await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(dialog.getByText('Adjunta el comprobante para enviarlo.')).toBeVisible();
    await dialog.getByLabel('Monto pagado (USD)').fill('9,99');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'pago-movil.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(dialog.getByText('Comprobante listo')).toBeVisible();
    await expect(dialog.getByText('Adjunta el comprobante para enviarlo.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(dialog.getByText('El monto no puede superar lo que falta por pagar: $5,00.')).toBeVisible();

    await dialog.getByLabel('Monto pagado (USD)').fill('5,00');
    await dialog.getByRole('combobox', { name: 'Método de pago' }).click();
    await page.getByRole('option', { name: 'Pago móvil' }).click();
    await dialog.getByLabel('Número de referencia (opcional)').fill('0123456789');
    await screenshot(page, 'issue-6/tracking-412.png', { animations: 'disabled' });
    await page.setViewportSize(DESKTOP);
    await expect(dialog).toBeInViewport();
    await screenshot(page, 'issue-6/tracking-1440.png', { animations: 'disabled' });
    await page.setViewportSize(PHONE);

    await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(toast(page, 'Comprobante enviado: el organizador lo revisará')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The lookup runs again: the new payment is pending, the rejected one still explains itself.
    await expect(ticket.getByText('Tu pago está en revisión')).toBeVisible();
    // It covers the price: the number is kept while it is reviewed, no deadline threatens it.
    await expect(
      ticket.getByText(/^Guardamos este número hasta el .+ mientras lo revisamos\.$/),
    ).toBeVisible();
    await expect(ticket.getByText(/^Paga antes del/)).toHaveCount(0);
    await ticket.scrollIntoViewIfNeeded();
    await screenshot(page, 'review-hold/tracking-412.png', { animations: 'disabled' });
    const payments = ticket.getByTestId('tracked-payment');
    await expect(payments).toHaveCount(2);
    await expect(payments.filter({ hasText: 'Pendiente' })).toContainText('$5,00');
    await expect(ticket.getByText(`Rechazado: ${REJECTION}`)).toBeVisible();
    // While it is in review the buyer may still send another proof.
    await expect(ticket.getByRole('button', { name: 'Enviar otro comprobante' })).toBeEnabled();
    // The other number was not touched.
    const other = page.getByTestId('tracked-ticket').filter({ hasText: '#008' });
    await expect(other.getByText('Sin pagos enviados todavía.')).toBeVisible();
    await expect(other.getByText(/^Paga antes del .+ para no perder este número\.$/)).toBeVisible();
    expect(page.url()).not.toContain(buyer.digits);
  });

  test("nothing moves when the day's rate comes in after the results", async ({ page, request }) => {
    const { raffle, buyer } = await reserveInCuotas(
      request,
      'Nevera Mabe 14 pies con dispensador, edición navideña',
      100_000,
      33,
    );
    await sendAndRejectProof(request, raffle.id, 33, buyer, 25_000);

    // A slow network: the rate is held back until the results are on screen.
    let releaseRate = () => {};
    const rateHeld = new Promise<void>((resolve) => {
      releaseRate = resolve;
    });
    await page.route('**/api/exchange-rates', async (route) => {
      await rateHeld;
      await route.continue();
    });
    await page.goto('/tracking');
    await lookUp(page, buyer.digits, buyer.last4);
    const ticket = page.getByTestId('tracked-ticket').filter({ hasText: '#33' });
    const send = ticket.getByRole('button', { name: 'Enviar comprobante' });
    await expect(send).toBeVisible();
    await expect(ticket.getByText('$1.000,00', { exact: true })).toBeVisible();
    await expect(ticket.getByText(/Bs/)).toHaveCount(0);
    const before = await send.boundingBox();

    releaseRate();
    await expect(ticket.getByText('Bs 36.500,00', { exact: true })).toBeVisible();
    await expect(ticket.getByTestId('tracked-payment')).toContainText('Bs 9.125,00');
    expect(await send.boundingBox()).toEqual(before);
  });

  test('nothing moves when the rates cannot be read: each Bs line stays blank in its place', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const { buyer } = await reserveInCuotas(request, 'Licuadora Oster de 10 velocidades', 1000, 44);
    await page.setViewportSize(PHONE);
    // Held, then refused: the results are on screen before the rates fail.
    let failRates = () => {};
    const ratesHeld = new Promise<void>((resolve) => {
      failRates = resolve;
    });
    await page.route('**/api/exchange-rates', async (route) => {
      await ratesHeld;
      await route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'caído' } } });
    });
    await page.goto('/tracking');
    await lookUp(page, buyer.digits, buyer.last4);
    const ticket = page.getByTestId('tracked-ticket').filter({ hasText: '#44' });
    const send = ticket.getByRole('button', { name: 'Enviar comprobante' });
    await expect(send).toBeVisible();
    const before = await send.boundingBox();

    failRates();
    // The query retries before it gives up; the toast says when it did.
    await expect(toast(page, 'Error al cargar las tasas de cambio')).toBeVisible({ timeout: 20_000 });
    await expect(ticket.getByText(/Bs/)).toHaveCount(0);
    expect(await send.boundingBox()).toEqual(before);
    await screenshot(ticket, 'tracking-rates-failed/ticket-412.png', { animations: 'disabled' });
  });

  test('a cuotas raffle asks for one cuota, and the server message shows when it refuses', async ({
    page,
    request,
  }) => {
    const { buyer } = await reserveInCuotas(request, 'Televisor 55" en cuotas', 1000, 21);

    // The rate is asked as the page opens, before any lookup: the results come with their Bs.
    const rates = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/exchange-rates');
    await page.goto('/tracking');
    expect((await rates).status()).toBe(200);
    await lookUp(page, buyer.digits, buyer.last4);
    const ticket = page.getByTestId('tracked-ticket').filter({ hasText: '#21' });
    await expect(ticket.getByText('Próxima cuota (de 4)')).toBeVisible();
    // The cuota in Bs too: the rate is in before the tap.
    await expect(ticket.getByTestId('tracked-figures').getByText('Bs 91,25', { exact: true })).toBeVisible();
    await ticket.getByRole('button', { name: 'Enviar comprobante' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Monto pagado (USD)')).toHaveValue('2,50');

    await dialog.locator('input[type=file]').setInputFiles({
      name: 'cuota.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(dialog.getByText('Comprobante listo')).toBeVisible();
    await page.route('**/api/payments', (route) =>
      route.fulfill({
        status: 404,
        json: {
          error: {
            code: 'TICKET_NOT_FOUND',
            message: 'No encontramos ese número con esa cédula y teléfono.',
          },
        },
      }),
    );
    await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(dialog.getByText('No encontramos ese número con esa cédula y teléfono.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Enviar comprobante' })).toBeEnabled();
  });
});
