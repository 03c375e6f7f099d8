import type { APIRequestContext, Page } from '@playwright/test';
import { expect, screenshot, signInAsAdmin, test, toast } from './fixtures';
import { createActiveRaffle } from './raffle-helpers';
import { cardOf, DESKTOP, PHONE, uniqueCedula, WINNER } from './raffle-lifecycle-helpers';
import {
  caracasInputDate,
  closeRaffleViaApi,
  patchNumberViaApi,
  reserveViaApi,
  uniqueRaffleName,
} from './raffle-seed';

// Issue 19 on the screens: a raffle declared on a lottery before its first sale, closed, its result
// registered after the declared draw time; the close dialog's share of the fingerprint; the form's
// refusal of a lottery drawn before the closing date.

const LOTTERY = 'Triple Táchira A';
/** Seconds from now: the sales close, then the lottery draws (both must be in the future at creation). */
const CLOSES_IN = 12;
const DRAWS_IN = 24;

/** A lottery raffle with three sales (047 paid: the winner-to-be), closing and drawing in seconds. */
async function seedLotteryRaffle(request: APIRequestContext, prefix: string) {
  const now = Date.now();
  const raffle = await createActiveRaffle(request, {
    name: uniqueRaffleName(prefix),
    total_numbers: 100,
    digit_count: 2,
    price_cents: 1000,
    draw_source: null,
    draw_kind: 'loteria',
    draw_lottery: LOTTERY,
    draw_rule: 'ultimos_digitos',
    closing_date: new Date(now + CLOSES_IN * 1000).toISOString(),
    draw_at: new Date(now + DRAWS_IN * 1000).toISOString(),
  });
  await reserveViaApi(request, raffle.id, [7, 12], { name: 'José Rivas', cedula: uniqueCedula() });
  await reserveViaApi(request, raffle.id, [47], { ...WINNER, cedula: uniqueCedula() });
  await patchNumberViaApi(request, raffle.id, 47, { status: 'pagado' });
  return { ...raffle, drawAt: now + DRAWS_IN * 1000 };
}

/** Runs `shoot` at phone and desktop size, then comes back to the phone. */
async function bothSizes(page: Page, shoot: (size: '412' | '1440') => Promise<unknown>) {
  for (const [size, viewport] of [
    ['412', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await shoot(size);
  }
  await page.setViewportSize(PHONE);
}

test.describe('sealed draw', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a lottery raffle: the result waits for the declared time, then the page shows seal, source and winner', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    test.setTimeout(120_000);
    const raffle = await seedLotteryRaffle(request, 'Nevera sellada');

    // Before the close the public page announces the declared source.
    await page.goto(`/raffle/${raffle.id}`);
    await expect(page.getByTestId('declared-source')).toContainText(`Se sortea con ${LOTTERY} del `);
    await expect(page.getByTestId('declared-source')).toContainText(
      'Gana el número con los últimos 2 dígitos del primer premio de la lotería.',
    );

    await closeRaffleViaApi(request, raffle.id);
    await signInAsAdmin(page);
    const card = cardOf(page, raffle.name);
    await card.getByRole('button', { name: `Registrar resultado de ${raffle.name}` }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.getByLabel('Resultado oficial, tal como se publicó');
    // Too early: the dialog says when it will be possible, and nothing can be typed.
    if (Date.now() < raffle.drawAt - 3000) {
      await expect(dialog.getByText(/Podrás registrarlo desde el /)).toBeVisible();
      await expect(input).toBeDisabled();
    }
    // The dialog opens by itself once the declared time passes (it checks the clock every 5 s).
    await expect(input).toBeEnabled({ timeout: DRAWS_IN * 1000 + 10_000 });
    await input.fill('347');
    await expect(dialog.getByRole('status', { name: 'Número ganador según la regla' })).toHaveText('47');
    await bothSizes(page, (size) =>
      screenshot(page, `issue-19/result-dialog-${size}.png`, { animations: 'disabled' }),
    );
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(
      dialog.getByRole('heading', { name: '¿Registrar el resultado 347: número ganador 47?' }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Sí, registrar: gana el 47' }).click();
    await expect(toast(page, 'Resultado registrado: número 47')).toBeVisible();

    // The public page of the finished raffle.
    await page.goto(`/raffle/${raffle.id}`);
    const banner = page.getByTestId('raffle-status-banner');
    await expect(banner.getByRole('heading', { name: 'Sorteo realizado' })).toBeVisible();
    await expect(banner.getByText('Ganador: m*** p***, número 47')).toBeVisible();
    await expect(banner.getByText('Pagado', { exact: true })).toBeVisible();
    await expect(banner.getByText(new RegExp(`^Resultado 347 de ${LOTTERY}, `))).toBeVisible();
    await expect(banner.getByText(/^Sorteado el /)).toBeVisible();
    const facts = page.getByTestId('sealed-draw-facts');
    await expect(facts.getByText('347 → número 47')).toBeVisible();
    await expect(facts.getByText(/, con 3 números$/)).toBeVisible();
    await expect(facts.getByText('Huella de la lista (raíz Merkle)')).toBeVisible();
    await expect(facts.getByTestId('sealed-root')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(facts.getByTestId('audit-head')).toHaveText(/^Entrada n\.º \d+, huella [0-9a-f]{64}$/);
    // The e2e server seals with a local RFC 3161 authority (e2e/e2e-server.ts) right after the close.
    await expect
      .poll(
        async () => (await (await request.get(`/api/raffles/${raffle.id}/draw`)).json()).timestamp?.status,
      )
      .toBe('sellado');
    await page.reload();
    const { timestamp } = await (await request.get(`/api/raffles/${raffle.id}/draw`)).json();
    await expect(facts.getByText(new RegExp(`^Sellado por ${timestamp.authority} el `))).toBeVisible();
    await expect(facts.getByRole('link', { name: 'Descargar el sello (.tsr)' })).toHaveAttribute(
      'href',
      timestamp.token_url,
    );
    await expect(
      facts.getByText('Gana el número con los últimos 2 dígitos del primer premio de la lotería.'),
    ).toBeVisible();
    // A closed list is not live.
    await expect(page.getByText('En vivo', { exact: true })).toHaveCount(0);
    await bothSizes(page, async (size) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `issue-19/finished-raffle-${size}.png`, { fullPage: true });
    });
  });

  test('closing from the dashboard: the rule is said once, then the fingerprint is offered to share', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createActiveRaffle(request, {
      name: uniqueRaffleName('Cierre compartido'),
      total_numbers: 100,
      digit_count: 2,
      draw_source: null,
      draw_kind: 'drand',
    });
    await reserveViaApi(request, raffle.id, [3, 9], { name: 'José Rivas', cedula: uniqueCedula() });
    await signInAsAdmin(page);
    const card = cardOf(page, raffle.name);
    await card.getByRole('button', { name: `Cerrar ventas de ${raffle.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Entran 2 números en la lista publicada.')).toBeVisible();
    // Said once: the bullet says the list is published; the note only what happens to unpaid numbers.
    await expect(dialog.getByText(/se publica la lista/i)).toHaveCount(1);
    await expect(dialog.getByText(/Los números apartados al cierre participan/)).toHaveCount(1);
    await bothSizes(page, (size) =>
      screenshot(page, `issue-19/close-dialog-${size}.png`, { animations: 'disabled' }),
    );
    await dialog.getByRole('button', { name: 'Sí, cerrar ventas' }).click();
    await expect(toast(page, 'Ventas cerradas')).toBeVisible();

    const share = page.getByRole('dialog', { name: 'Comparte la huella de la lista' });
    const text = share.getByTestId('fingerprint-share-text');
    await expect(text).toHaveText(
      new RegExp(
        `^Rifa ${raffle.name}: lista cerrada el .+ con 2 números\\. Huella \\(raíz Merkle\\): [0-9a-f]{64}\\. Verifícala en http://127\\.0\\.0\\.1:\\d+/verificar\\?rifa=${raffle.id}$`,
      ),
    );
    await expect(share.getByTestId('fingerprint-share-text')).toHaveCount(1);
    const whatsapp = share.getByRole('link', { name: 'Compartir por WhatsApp' });
    expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain(
      (await text.textContent()) ?? '-',
    );
    await expect(share.getByRole('button', { name: 'Copiar el texto con la huella' })).toBeVisible();
    await bothSizes(page, (size) =>
      screenshot(page, `issue-19/close-share-${size}.png`, { animations: 'disabled' }),
    );
    await share.getByRole('button', { name: 'Listo' }).click();
    await expect(share).toHaveCount(0);
    // The card keeps the share, and says the beacon draws by itself.
    await expect(card.getByRole('button', { name: `Compartir huella de ${raffle.name}` })).toBeVisible();
    await expect(card.getByTestId('drand-draw-note')).toContainText('Se sortea solo con la ronda');
  });

  test('a new raffle starts on the beacon; with no source it is only saved as a draft', {
    tag: '@screenshots',
  }, async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/dashboard/admin/create');
    const name = uniqueRaffleName('Sin fuente');
    await page.getByLabel('Nombre de la rifa').fill(name);
    await page.getByLabel('Precio por número (USD)').fill('5');
    await expect(page.getByLabel('Fuente del sorteo')).toHaveText(/número aleatorio público/i);
    await page.getByLabel('Fuente del sorteo').click();
    await page.getByRole('option', { name: 'Sin fuente declarada (solo borradores)' }).click();
    await page.getByRole('button', { name: 'Crear rifa' }).click();
    const refusal = page.getByText(/Elige cómo se decide el ganador/);
    await expect(refusal).toBeVisible();
    // No account, instructions or WhatsApp either: on sale, a buyer would have nowhere to pay.
    await expect(page.getByText(/sin eso quien aparte no tiene cómo pagarte/)).toBeVisible();
    await expect(page).toHaveURL(/\/create$/);
    await bothSizes(page, async (size) => {
      await refusal.scrollIntoViewIfNeeded();
      await screenshot(page, `issue-19/no-source-refused-${size}.png`);
    });
    await page.getByRole('radio', { name: /^Borrador/ }).check();
    await page.getByRole('button', { name: 'Crear rifa' }).click();
    await expect(toast(page, 'Rifa creada')).toBeVisible();
  });

  test('the form refuses a lottery drawn before the closing date', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/dashboard/admin/create');
    await page.getByLabel('Nombre de la rifa').fill(uniqueRaffleName('Sorteo antes del cierre'));
    await page.getByLabel('Precio por número (USD)').fill('5');
    await page.getByLabel('Fecha y hora de cierre').fill(caracasInputDate(10));
    await page.getByLabel('Fuente del sorteo').click();
    await page.getByRole('option', { name: 'Lotería' }).click();
    await page.getByLabel('Lotería', { exact: true }).fill(LOTTERY);
    await page.getByLabel('Fecha y hora del sorteo de la lotería').fill(caracasInputDate(9));
    await expect(
      page.getByText('Gana el número con los últimos 2 dígitos del primer premio de la lotería.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Crear rifa' }).click();
    await expect(
      page.getByText('La fecha del sorteo de la lotería debe ser posterior a la fecha de cierre.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/create$/);
  });
});
