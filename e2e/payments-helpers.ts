import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, uniqueReference, uniqueSerial } from './fixtures';
import { createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

// The admin's payments screen and the payments buyers report, shared by the payments-*.spec.ts files.

export const PAYMENTS = '/dashboard/admin/payments';

type Buyer = { name: string; phone: string; address: string; cedula: string };
type Proof = { name: string; mimeType: string; buffer: Buffer };

/** A buyer no other spec uses (cedulas decide groups and duplicates). */
export function uniqueBuyer(name: string): Buyer {
  const digits = String(40_000_000 + (uniqueSerial() % 9_000_000));
  return {
    name,
    phone: `0412-777${digits.slice(-4)}`,
    address: 'Barquisimeto, centro',
    cedula: `V-${digits}`,
  };
}

/** A bank receipt drawn on a canvas, so proofs look like proofs in the screenshots. */
export async function receiptPng(page: Page, lines: string[]): Promise<Proof> {
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
 * The buyer reserves `numbers` and pays the whole order with ONE proof (issue 18: one payment per
 * order, spread over its numbers): `POST /api/payments` with the order's code and the buyer's
 * cedula. Transfers and pagos móviles carry a bank reference, unique in the run unless given.
 */
export async function reserveAndPay(
  request: APIRequestContext,
  raffleId: string,
  numbers: number[],
  buyer: Buyer,
  payment: {
    proof: Proof;
    reference?: string;
    /** The whole payment, in USD cents: $5 per number unless given. */
    amountCents?: number;
    method?: string;
    bankCode?: string;
    /** Reserved through this seller's link (issue 22): the order is credited to them. */
    sellerCode?: string;
  },
): Promise<{ paymentId: string; orderCode: string; tickets: { id: string; number: number }[] }> {
  const { tickets, order } = (await reserveViaApi(request, raffleId, numbers, buyer, payment.sellerCode)) as {
    tickets: { id: string; number: number }[];
    order: { code: string };
  };
  const method = payment.method ?? 'pago_movil';
  const referenced = method === 'transfer' || method === 'pago_movil';
  const response = await request.post('/api/payments', {
    data: {
      order_code: order.code,
      cedula: buyer.cedula,
      amount_cents: payment.amountCents ?? 500 * numbers.length,
      payment_method: method,
      reference: payment.reference ?? (referenced ? uniqueReference() : undefined),
      ...(referenced && { bank_code: payment.bankCode ?? '0102' }),
      ...(method === 'pago_movil' && { payer_phone: buyer.phone }),
      payment_proof: await uploadProof(request, payment.proof),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { payment: created } = (await response.json()) as { payment: { id: string } };
  return { paymentId: created.id, orderCode: order.code, tickets };
}

export async function newRaffle(request: APIRequestContext, prefix: string) {
  return createRaffleViaApi(request, {
    name: uniqueRaffleName(prefix),
    total_numbers: 1000,
    digit_count: 3,
    price_cents: 500,
  });
}

/** The payment cards of one raffle (the run database is shared with other specs). */
export const cardsOf = (page: Page, raffleName: string) =>
  page.getByTestId('payment-card').filter({ hasText: raffleName });

/** What a card decided in this visit says where its buttons were («Pago del número 007 aprobado»). */
export const decidedNote = (page: Page, text: string) =>
  page.getByTestId('payment-decided').filter({ hasText: text });

/**
 * The card of `cards` that pays this number: matched on the number's own badge, not on any text
 * of the card (a raffle name's random suffix can contain "021"). The badge reads "007", or
 * "Número 007" where the word is for screen readers.
 */
export function cardWithNumber(page: Page, cards: Locator, number: string) {
  const items = page.getByRole('listitem');
  const badge = new RegExp(`^(Número )?${number}$`);
  return cards.filter({
    has: items.filter({ hasText: badge }).or(items.filter({ has: page.getByText(badge) })),
  });
}

export async function openPayments(page: Page, query = '') {
  await page.goto(`${PAYMENTS}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando' })).toHaveCount(0);
}
