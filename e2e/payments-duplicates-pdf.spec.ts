import type { Page } from '@playwright/test';
import {
  expect,
  finiteAnimationsDone,
  screenshot,
  test,
  uniqueReference,
  withAdminSession,
} from './fixtures';
import {
  cardsOf,
  cardWithNumber,
  newRaffle,
  openPayments,
  receiptPng,
  reserveAndPay,
  uniqueBuyer,
} from './payments-helpers';
import { setVesRate } from './raffle-helpers';
import { reserveViaApi } from './raffle-seed';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };

/** A one-page PDF: the server checks the content (`%PDF-`), not the name. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

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

  test('phone and desktop: duplicates flagged with a link, PDFs in place, no overflow', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await newRaffle(request, 'Moto Empire Horse 150');
    const first = uniqueBuyer('pedro josé salas');
    const second = uniqueBuyer('yusmary contreras');
    const grouped = uniqueBuyer('andrea lópez');
    await page.setViewportSize(PHONE);
    const reference = uniqueReference();
    const receipt = await receiptPng(page, ['Pago móvil', `Ref. ${reference}`, 'Bs 182,50']);
    const { paymentId: earlier } = await reserveAndPay(request, raffle.id, [21], first, {
      proof: receipt,
      reference,
    });
    await reserveAndPay(request, raffle.id, [105, 106, 107], grouped, {
      proof: { name: 'comprobante.pdf', mimeType: 'application/pdf', buffer: PDF },
      method: 'transfer',
    });

    // Another buyer reports the same bank reference: refused (a reference is credited once, written
    // as the bank prints it or not), without naming the other buyer's payment.
    const { order } = (await reserveViaApi(request, raffle.id, [88], second)) as { order: { code: string } };
    const reused = await request.post('/api/payments', {
      data: {
        order_code: order.code,
        cedula: second.cedula,
        amount_cents: 500,
        payment_method: 'pago_movil',
        reference: `REF-${reference}`,
        bank_code: '0102',
        payer_phone: second.phone,
      },
    });
    expect(reused.status(), await reused.text()).toBe(409);
    const refused = (await reused.json()) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe('DUPLICATE_REFERENCE');
    expect(refused.error.message).toBe('Esta referencia ya se registró en otro pago.');
    // The same buyer then sends the first buyer's receipt under a reference of their own: the
    // reviewer sees the same proof file flagged (newest, so first on screen).
    const upload = await request.post('/api/uploads', { multipart: { file: receipt } });
    expect(upload.status(), await upload.text()).toBe(201);
    const sent = await request.post('/api/payments', {
      data: {
        order_code: order.code,
        cedula: second.cedula,
        amount_cents: 500,
        payment_method: 'pago_movil',
        reference: uniqueReference(),
        bank_code: '0102',
        payer_phone: second.phone,
        payment_proof: ((await upload.json()) as { fileUrl: string }).fileUrl,
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await withAdminSession(page);
    await openPayments(page);
    const cards = cardsOf(page, raffle.name);
    await expect(cards).toHaveCount(3);
    const duplicate = cardWithNumber(page, cards, '088');
    await expect(duplicate.getByTestId('duplicate-warning')).toContainText('Posible duplicado');
    await expect(cardWithNumber(page, cards, '021').getByTestId('duplicate-warning')).toHaveCount(0);
    const pdf = cardWithNumber(page, cards, '105');
    await expect(pdf.locator('object[type="application/pdf"]')).toHaveAttribute('data', /^blob:/);
    await expect(pdf.getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', /^blob:/);
    for (const image of await cards.getByRole('img').all()) {
      await expect(image).toHaveJSProperty('complete', true);
    }

    // Nothing runs off the side of a phone, and every control is big enough for a thumb.
    await finiteAnimationsDone(page); // sizes read mid-animation are not the ones a thumb meets
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
    await screenshot(page, 'issue-6/payments-412.png', { animations: 'disabled' });

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
    await screenshot(page, 'issue-6/payments-1440.png', { animations: 'disabled' });
  });
});
