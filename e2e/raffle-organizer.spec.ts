import { expect, screenshot, test } from './fixtures';
import { createActiveRaffle, openRaffle, phoneContext, reserveOneNumber } from './raffle-helpers';

const ORGANIZER = 'Rifas El Trébol';
const INSTRUCTIONS = 'Pago móvil: Banco de Venezuela, 0414-1234567, V-12345678\nZelle: pagos@eltrebol.com';

test.describe('raffle detail: who runs it and how to pay', () => {
  test('a buyer sees the organizer, can write to them, and gets their payment data after reserving', {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    // The server normalizes the phone to "0414-7654321"; wa.me wants +58 without the trunk 0.
    const raffle = await createActiveRaffle(request, {
      organizer_name: ORGANIZER,
      contact_phone: '0414 765 4321',
      payment_instructions: INSTRUCTIONS,
    });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openRaffle(page, raffle.id);

    await expect(page.getByText(`Organiza: ${ORGANIZER}`)).toBeVisible();
    const contact = page.getByRole('link', { name: 'Escribir por WhatsApp' });
    await expect(contact).toHaveAttribute('href', /^https:\/\/wa\.me\/584147654321\?text=/);
    await expect(contact).toHaveAttribute('href', new RegExp(encodeURIComponent(raffle.name)));
    await contact.scrollIntoViewIfNeeded();
    await screenshot(page, 'raffle-organizer.png');

    await reserveOneNumber(page, '021');

    // The organizer's own data, line breaks kept, before the generic steps.
    const instructions = page.getByTestId('payment-instructions');
    await expect(instructions).toBeVisible();
    // biome-ignore lint/performance/useDomNodeTextContent: innerText proves the line break is rendered.
    expect(await instructions.innerText()).toBe(INSTRUCTIONS);
    const proof = page.getByRole('link', { name: 'Enviar comprobante por WhatsApp' });
    await expect(proof).toHaveAttribute('href', /^https:\/\/wa\.me\/584147654321\?text=.*021.*%245%2C00/);
    // Sharing with anyone stays: no recipient.
    await expect(page.getByRole('link', { name: 'Compartir por WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\?text=/,
    );
    // Nothing pushes the phone screen sideways (long labels, the organizer's text).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.waitForTimeout(800);
    await page
      .getByRole('heading', { name: 'Cómo pagar' })
      .evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'success-instructions.png');
    await context.close();
  });

  test('without organizer data the raffle page shows no empty contact block', async ({
    browser,
    request,
  }) => {
    const raffle = await createActiveRaffle(request);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openRaffle(page, raffle.id);
    await expect(page.getByText('Organiza:')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Escribir por WhatsApp' })).toHaveCount(0);
    await context.close();
  });
});
