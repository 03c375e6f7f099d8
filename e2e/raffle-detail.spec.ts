import { expect, screenshot, test, toast } from './fixtures';
import {
  BUYER,
  cell,
  createActiveRaffle,
  fillCheckout,
  openRaffle,
  phoneContext,
  reserveOneNumber,
  setVesRate,
} from './raffle-helpers';

test.describe('raffle detail: choose and reserve', () => {
  test('a visitor on a phone reserves two numbers while another visitor watches them go live', {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    await setVesRate(request, 36.5);
    const raffle = await createActiveRaffle(request);
    const buyerContext = await phoneContext(browser);
    const watcherContext = await phoneContext(browser);
    const page = await buyerContext.newPage();
    const watcher = await watcherContext.newPage();

    await openRaffle(watcher, raffle.id);
    await openRaffle(page, raffle.id);

    // Trust first: price in USD and Bs, numbers left, closing date in Caracas time, how it is drawn.
    await expect(page.getByRole('heading', { level: 1, name: raffle.name })).toBeVisible();
    await expect(page.getByText('$5,00', { exact: true })).toBeVisible();
    await expect(page.getByText('Bs 182,50', { exact: true })).toBeVisible();
    await expect(page.getByText('200 de 200 números disponibles')).toBeVisible();
    await expect(
      page.getByText(/^Se sortea con un número aleatorio público y verificable \(drand\)/),
    ).toBeVisible();
    await expect(page.getByText(/\d{1,2} [a-z]{3} \d{4}, \d{1,2}:\d{2} [ap]\. m\./).first()).toBeVisible();

    await page.getByRole('button', { name: 'Elegir números' }).click();
    await cell(page, '012').click();
    await cell(page, '034').click();
    await expect(page.getByRole('button', { name: 'Número 012, elegido por ti' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const reserve = page.getByRole('button', { name: 'Apartar 2 números — $10,00 / Bs 365,00' });
    await expect(reserve).toBeVisible();
    await screenshot(page, 'board.png');

    await reserve.click();
    const dialog = page.getByRole('dialog', { name: 'Aparta tus números' });
    await expect(dialog).toBeVisible();
    await fillCheckout(page);
    await dialog.getByRole('combobox', { name: 'Método de pago' }).click();
    await page.getByRole('option', { name: 'Pago móvil' }).click();
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, 'checkout.png');

    // The watcher never reloaded: the SPEC toast (3 s) tells them at once. Watched from the click
    // on, so a slow success screen on the buyer's side cannot outlast the watcher's toast.
    const watcherTold = expect(toast(watcher, 'Ticket #012 ahora está apartado')).toBeVisible();
    await dialog.getByRole('button', { name: /^Apartar 2 números/ }).click();

    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    await watcherTold;
    const ticket = page.locator('#rd-printable-ticket');
    await expect(ticket.getByText('012', { exact: true })).toBeVisible();
    await expect(ticket.getByText('034', { exact: true })).toBeVisible();
    await expect(ticket.getByTestId('order-due-now')).toContainText('$10,00 / Bs 365,00');
    await expect(ticket.getByText(BUYER.name)).toBeVisible();
    // The declared source, not the free text the organizer also typed (createActiveRaffle's lottery line).
    await expect(ticket.getByText('Número aleatorio público (drand)')).toBeVisible();
    // Exact: the ticket also prints the organizer's instructions ("Haz un pago móvil…").
    await expect(ticket.getByText('Pago móvil', { exact: true })).toBeVisible();
    const whatsapp = page.getByRole('link', { name: 'Compartir por WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=.*012%2C%20034/);
    await expect(page.getByRole('link', { name: 'Consulta tus tickets' })).toHaveAttribute(
      'href',
      '/tracking',
    );
    await expect(page.getByRole('button', { name: 'Enviar comprobante' })).toBeVisible();
    // Let the smooth scroll to the heading finish, then capture the page from its top.
    await page.waitForTimeout(800);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'success.png', { fullPage: true });

    // And both cells turned apartado live.
    await expect(cell(watcher, '012', 'apartado')).toBeVisible();
    await expect(cell(watcher, '034', 'apartado')).toBeVisible();
    await expect(watcher.getByText('198 de 200 números disponibles')).toBeVisible();

    await buyerContext.close();
    await watcherContext.close();
  });

  test('a raffle sold in cuotas says each cuota and what is due now, from the page to the success screen', async ({
    browser,
    request,
  }) => {
    await setVesRate(request, 36.5);
    const raffle = await createActiveRaffle(request, {
      price_cents: 1000,
      payment_type: 'cuotas',
      installments: 4,
    });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openRaffle(page, raffle.id);
    const plan = '4 cuotas de $2,50 / Bs 91,25';
    await expect(page.getByText(plan).first()).toBeVisible();
    await expect(
      page.getByText('Hoy pagas la primera cuota: $2,50 / Bs 91,25 por número').first(),
    ).toBeVisible();

    await cell(page, '003').click();
    await cell(page, '004').click();
    await page.getByRole('button', { name: /^Apartar 2 números/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(plan)).toBeVisible();
    await expect(
      dialog.getByText(
        /Hoy pagas la primera cuota: \$2,50 \/ Bs 91,25 por número \(× 2 números: \$5,00 \/ Bs 182,50\)/,
      ),
    ).toBeVisible();
    await fillCheckout(page);
    await dialog.getByRole('button', { name: /^Apartar 2 números/ }).click();
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    await expect(page.getByText(plan).first()).toBeVisible();
    // What is due now is the first cuota of each number, not the full price.
    await expect(page.getByTestId('order-due-now')).toContainText('$5,00 / Bs 182,50');
    await context.close();
  });

  test('after reserving, the buyer sends the payment proof for their tickets', async ({
    browser,
    request,
  }) => {
    const raffle = await createActiveRaffle(request, { price_cents: 250 });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openRaffle(page, raffle.id);

    await reserveOneNumber(page, '007');
    const status = page.locator('#rd-printable-ticket').getByText(/^Apartado: /);
    await expect(status).toHaveText('Apartado: pendiente de pago');

    // A text file dressed as PNG: the server looks at the content and answers 415 in Spanish.
    const input = page.locator('#order-proof');
    await input.setInputFiles({
      name: 'pago.png',
      mimeType: 'image/png',
      buffer: Buffer.from('no soy una imagen'),
    });
    await expect(
      page.getByText('Tipo de archivo no permitido: sube una imagen JPG, PNG o WEBP, o un PDF.'),
    ).toBeVisible();

    await input.setInputFiles({ name: 'pago.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByText('Comprobante listo')).toBeVisible();
    // The order page's form: a transfer needs its reference; the amount starts at what is due now.
    await page.getByLabel('Número de referencia', { exact: true }).fill('0123456789');
    await page.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(
      page.getByText('Recibimos tu pago. El organizador lo revisará y lo confirmará.'),
    ).toBeVisible();
    // The ticket (what prints, what a screenshot keeps) now says where the payment stands.
    await expect(status).toHaveText('Apartado: comprobante en revisión');
    await context.close();
  });

  test('a proof attached at checkout travels with the reservation', async ({ browser, request }) => {
    const raffle = await createActiveRaffle(request);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openRaffle(page, raffle.id);

    await cell(page, '050').click();
    await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
    await fillCheckout(page);
    await page
      .locator('#payment-proof')
      .setInputFiles({ name: 'pago.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByText('Comprobante listo')).toBeVisible();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Apartar 1 número/ })
      .click();

    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    await expect(page.getByText('Recibimos tu comprobante.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar comprobante' })).toHaveCount(0);
    await context.close();
  });
});

/** A 1x1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
