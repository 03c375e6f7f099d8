import type { APIRequestContext, Page } from '@playwright/test';
import { createStaffUser, expect, signInAsAdmin, signInWithForm, test, toast } from './fixtures';
import { cell, openRaffle, phoneContext, setVesRate } from './raffle-helpers';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

const SHOTS = 'docs/screenshots/issue-6';
const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };
const PAYMENTS = '/dashboard/admin/payments';

/** A one-page PDF: the server checks the content (`%PDF-`), not the name. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type Buyer = { name: string; phone: string; address: string; cedula: string };
type Proof = { name: string; mimeType: string; buffer: Buffer };

let sequence = 0;
/** A buyer no other spec uses (cedulas decide groups and duplicates). */
function uniqueBuyer(name: string): Buyer {
  const digits = String(40_000_000 + ((Date.now() + ++sequence * 7919) % 9_000_000));
  return {
    name,
    phone: `0412-777${digits.slice(-4)}`,
    address: 'Barquisimeto, centro',
    cedula: `V-${digits}`,
  };
}

/** A bank receipt drawn on a canvas, so proofs look like proofs in the screenshots. */
async function receiptPng(page: Page, lines: string[]): Promise<Proof> {
  const base64 = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 640;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 480, 640);
    ctx.fillStyle = '#0f766e';
    ctx.fillRect(0, 0, 480, 96);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 30px sans-serif';
    ctx.fillText('Banco de Venezuela', 32, 60);
    ctx.fillStyle = '#18181b';
    ctx.font = '24px sans-serif';
    text.forEach((line, index) => {
      ctx.fillText(line, 32, 160 + index * 56);
    });
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  }, lines);
  return { name: 'comprobante.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

async function uploadProof(request: APIRequestContext, proof: Proof): Promise<string> {
  const response = await request.post('/api/uploads', { multipart: { file: proof } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { fileUrl: string }).fileUrl;
}

/**
 * The buyer reserves `numbers` and reports one payment per number with ONE proof file (what the
 * checkout does with a proof for several numbers): the payments share a group on the server.
 */
async function reserveAndPay(
  request: APIRequestContext,
  raffleId: string,
  numbers: number[],
  buyer: Buyer,
  payment: { proof: Proof; reference?: string; amountCents?: number; method?: string },
): Promise<string[]> {
  const { tickets } = (await reserveViaApi(request, raffleId, numbers, buyer)) as {
    tickets: { id: string; number: number }[];
  };
  const fileUrl = await uploadProof(request, payment.proof);
  const ids: string[] = [];
  for (const ticket of tickets) {
    const response = await request.post('/api/payments', {
      data: {
        ticket_id: ticket.id,
        cedula: buyer.cedula,
        amount_cents: payment.amountCents ?? 500,
        payment_method: payment.method ?? 'pago_movil',
        reference: payment.reference,
        payment_proof: fileUrl,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { payment: { id: string } }).payment.id);
  }
  return ids;
}

async function newRaffle(request: APIRequestContext, prefix: string) {
  return createRaffleViaApi(request, {
    name: uniqueRaffleName(prefix),
    total_numbers: 1000,
    digit_count: 3,
    price_cents: 500,
  });
}

/** The payment cards of one raffle (the run database is shared with other specs). */
const cardsOf = (page: Page, raffleName: string) =>
  page.getByTestId('payment-card').filter({ hasText: raffleName });

async function openPayments(page: Page, query = '') {
  await page.goto(`${PAYMENTS}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando' })).toHaveCount(0);
}

/** The pending count the menu badge shows beside "Pagos" (0 when it shows none). */
async function menuBadge(page: Page): Promise<number> {
  const badge = page
    .getByRole('navigation', { name: 'Menú del panel' })
    .getByTestId('pending-payments-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.locator('[aria-hidden]').textContent());
}

/**
 * Screenshots only: Chromium draws an inline PDF in its viewer's own frame a moment after the page
 * is ready; its toolbar reports the load as 100 when the document is in. No viewer frame, no wait.
 */
async function pdfViewersReady(page: Page): Promise<boolean> {
  const viewers = page.frames().filter((frame) => frame.url().startsWith('chrome-extension://'));
  const progress = await Promise.all(
    viewers.map((frame) =>
      frame
        .evaluate(() => {
          const toolbar = document.querySelector('pdf-viewer')?.shadowRoot?.querySelector('viewer-toolbar');
          return (toolbar as { loadProgress?: number } | null | undefined)?.loadProgress ?? 0;
        })
        .catch(() => 0),
    ),
  );
  return progress.every((value) => value === 100);
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
    await reserveAndPay(request, raffle.id, [7], buyer, {
      proof: await receiptPng(page, ['Pago móvil', 'Ref. 004455', 'Bs 182,50']),
      reference: '004455',
    });

    // A visitor watches the board on their phone.
    const visitor = await phoneContext(browser);
    const board = await visitor.newPage();
    await openRaffle(board, raffle.id);
    await expect(cell(board, '007', 'apartado')).toBeVisible();

    await signInAsAdmin(page);
    await openPayments(page);
    await expect(page).toHaveURL(/\/dashboard\/admin\/payments$/);
    const card = cardsOf(page, raffle.name);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('list', { name: '1 número' })).toHaveText('007');
    await expect(card.getByRole('heading', { name: 'María de los Ángeles Pérez' })).toBeVisible();
    await expect(card).toContainText(buyer.cedula);
    await expect(card).toContainText('$5,00');
    await expect(card).toContainText('Bs 182,50');
    await expect(card).toContainText('Pago móvil');
    await expect(card).toContainText('004455');
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
    await expect(toast(page, 'Pago del número 007 aprobado')).toBeVisible();
    await expect(card).toHaveCount(0);
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
    await reserveAndPay(request, raffle.id, [12], buyer, {
      proof: await receiptPng(page, ['Transferencia', 'Ref. 778899']),
      reference: '778899',
      method: 'transfer',
    });
    await signInAsAdmin(page);
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

    const reason = 'La referencia 778899 no aparece en el banco';
    await dialog.getByLabel('Motivo del rechazo').fill(reason);
    await dialog.getByRole('button', { name: 'Rechazar pago' }).click();
    await expect(toast(page, 'Pago del número 012 rechazado')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);

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

  test('one proof for two numbers is one card, approved with one click', async ({ page, request }) => {
    const raffle = await newRaffle(request, 'Combo iPhone 16');
    const buyer = uniqueBuyer('carlos gómez');
    await reserveAndPay(request, raffle.id, [4, 3], buyer, {
      proof: await receiptPng(page, ['Pago móvil', 'Ref. 123123', 'Bs 365,00']),
      reference: '123123',
    });
    await signInAsAdmin(page);
    await openPayments(page);
    const card = cardsOf(page, raffle.name);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('list', { name: '2 números' })).toHaveText(/003\s*004/);
    await expect(card).toContainText('$10,00');
    await expect(card).toContainText('Bs 365,00');
    await expect(card).toContainText('Un solo comprobante para 2 números');

    const reviews: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/payments') && ['PATCH', 'POST'].includes(r.method())) {
        reviews.push(`${r.method()} ${new URL(r.url()).pathname}`);
      }
    });
    const approve = card.getByRole('button', { name: 'Aprobar el pago de los números 003, 004' });
    await approve.click();
    await expect(toast(page, 'Pago de los números 003, 004 aprobado')).toBeVisible();
    expect(reviews).toEqual(['POST /api/payments/review']);
    await expect(card).toHaveCount(0);

    await page.getByRole('tab', { name: /^Aprobados/ }).click();
    const approved = cardsOf(page, raffle.name);
    await expect(approved).toHaveCount(1);
    await expect(approved.getByRole('list', { name: '2 números' })).toHaveText(/003\s*004/);

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
    await signInAsAdmin(page);
    await openPayments(page);
    const card = cardsOf(page, raffle.name);
    await expect(card).toHaveCount(1);

    // The same admin decides it in a second tab first.
    const other = await page.context().newPage();
    await openPayments(other);
    await cardsOf(other, raffle.name).getByRole('button', { name: 'Aprobar el pago del número 050' }).click();
    await expect(toast(other, 'Pago del número 050 aprobado')).toBeVisible();
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

  test('phone and desktop: duplicates flagged with a link, PDFs in place, no overflow', async ({
    page,
    request,
  }) => {
    const raffle = await newRaffle(request, 'Moto Empire Horse 150');
    const first = uniqueBuyer('pedro josé salas');
    const second = uniqueBuyer('yusmary contreras');
    const grouped = uniqueBuyer('andrea lópez');
    await page.setViewportSize(PHONE);
    const [earlier] = await reserveAndPay(request, raffle.id, [21], first, {
      proof: await receiptPng(page, ['Pago móvil', 'Ref. 00987654', 'Bs 182,50']),
      reference: '00987654',
    });
    await reserveAndPay(request, raffle.id, [105, 106, 107], grouped, {
      proof: { name: 'comprobante.pdf', mimeType: 'application/pdf', buffer: PDF },
      reference: '44556677',
      method: 'transfer',
    });
    // Another buyer reports the same bank reference: a fraud hint (newest, so first on screen).
    await reserveAndPay(request, raffle.id, [88], second, {
      proof: await receiptPng(page, ['Pago móvil', 'Ref. 00987654', 'Bs 182,50']),
      reference: '00987654',
    });

    await signInAsAdmin(page);
    await openPayments(page);
    const cards = cardsOf(page, raffle.name);
    await expect(cards).toHaveCount(3);
    const duplicate = cards.filter({ hasText: '088' });
    await expect(duplicate.getByTestId('duplicate-warning')).toContainText('Posible duplicado');
    await expect(cards.filter({ hasText: '021' }).getByTestId('duplicate-warning')).toHaveCount(0);
    const pdf = cards.filter({ hasText: '105' });
    await expect(pdf.locator('object[type="application/pdf"]')).toHaveAttribute('data', /^blob:/);
    await expect(pdf.getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', /^blob:/);
    for (const image of await cards.getByRole('img').all()) {
      await expect(image).toHaveJSProperty('complete', true);
    }

    // Nothing runs off the side of a phone, and every control is big enough for a thumb.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const small = await page
      .locator('[data-testid="payment-card"] :is(a, button), [role="tab"]')
      .evaluateAll((controls) =>
        controls
          .filter((c) => {
            const box = c.getBoundingClientRect();
            return box.width < 40 || box.height < 40;
          })
          .map((c) => c.getAttribute('aria-label') ?? c.textContent),
      );
    expect(small).toEqual([]);
    await expect.poll(() => pdfViewersReady(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/payments-412.png`, animations: 'disabled' });

    // The duplicate's link leads to the earlier payment's card.
    await duplicate.getByRole('link', { name: 'Ver el pago anterior' }).click();
    await expect(page).toHaveURL(new RegExp(`#pago-${earlier}$`));
    const target = page.locator(`#pago-${earlier}`);
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();

    await page.setViewportSize(DESKTOP);
    await openPayments(page);
    await expect(cards).toHaveCount(3);
    for (const image of await cards.getByRole('img').all()) {
      await expect(image).toHaveJSProperty('complete', true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
    await expect.poll(() => pdfViewersReady(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/payments-1440.png`, animations: 'disabled' });
  });

  test('a list that fails to load says so and retries; an empty tab says it is empty', async ({ page }) => {
    await signInAsAdmin(page);
    let failing = true;
    await page.route('**/api/payments?status=rejected', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            json: { error: { code: 'UNAVAILABLE', message: 'Servicio en pausa' } },
          })
        : route.fulfill({ json: [] }),
    );
    await page.goto(`${PAYMENTS}?status=rejected`);
    await expect(page.getByRole('tab', { name: /^Rechazados/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'No pudimos cargar los pagos' })).toBeVisible();
    await expect(page.getByText('Servicio en pausa')).toBeVisible();

    failing = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'No hay pagos rechazados' })).toBeVisible();
  });

  test('a vendedor sees no Pagos menu and never asks for the pending count', async ({ page, request }) => {
    const seller = await createStaffUser(request);
    const paymentCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/payments')) paymentCalls.push(r.url());
    });
    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    const nav = page.getByRole('navigation', { name: 'Menú del panel' });
    await expect(nav.getByRole('link', { name: 'Historial' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Pagos/ })).toHaveCount(0);
    expect(paymentCalls).toEqual([]);
  });
});
