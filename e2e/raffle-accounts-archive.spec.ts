import type { Page } from '@playwright/test';
import { expect, screenshot, signInAsAdmin, test, toast } from './fixtures';
import { createActiveRaffle, openRaffle, reserveOneNumber } from './raffle-helpers';
import { DESKTOP, PHONE, SIZES } from './raffle-lifecycle-helpers';
import {
  closeRaffleViaApi,
  createRaffleViaApi,
  drawRaffleViaApi,
  reserveViaApi,
  uniqueRaffleName,
  withoutDeclaredSourceViaApi,
} from './raffle-seed';

// Issue 18: terms locked after the first sale, payment accounts as data (edited by the organizer,
// copied by the buyer), and archiving instead of deleting a raffle with sales. Screenshots
// (SCREENSHOTS=1) land in screenshots/i18-f.

const TERMS_LOCKED = 'No se puede cambiar: ya se apartaron o vendieron números de esta rifa.';

const ACCOUNTS = [
  {
    method: 'pago_movil',
    bank_code: '0102',
    phone: '0414-5551234',
    id_document: 'V-12345678',
    holder: 'Rifas El Trébol',
  },
  {
    method: 'transfer',
    bank_code: '0134',
    account_number: '01340001234567890123',
    holder: 'Inversiones Trébol C.A.',
    id_document: 'J-40123456-7',
  },
  { method: 'zelle', email: 'pagos@eltrebol.com', holder: 'María Pérez' },
];

/** Scrolls so the element's top sits under the sticky header. */
const scrollTo = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));

/** Picks an option of a Radix select by the trigger's label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('issue 18 on the raffle edit form', () => {
  test('terms are read-only after a sale; payment accounts are added, checked and saved', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Moto cuentas'),
      payment_type: 'cuotas',
      installments: 4,
    });
    await reserveViaApi(request, raffle.id, [3], { cedula: 'V-20777888' });
    await page.setViewportSize(DESKTOP);
    await signInAsAdmin(page);
    await page.goto(`/dashboard/admin/edit/${raffle.id}`);
    await expect(page.getByLabel('Nombre de la rifa')).toHaveValue(raffle.name);

    await expect(page.getByLabel('Cantidad de números')).not.toBeEditable();
    await expect(page.getByLabel('Cantidad de números')).toHaveAccessibleDescription(TERMS_LOCKED);
    await expect(page.getByRole('combobox', { name: 'Cifras por número' })).toBeDisabled();
    const paymentType = page.getByRole('group', { name: 'Forma de pago' });
    await expect(paymentType).toHaveAccessibleDescription(TERMS_LOCKED);
    await expect(paymentType.getByRole('radio', { name: /^Pago único/ })).toBeDisabled();
    await expect(page.getByLabel('Cantidad de cuotas')).not.toBeEditable();

    // Two accounts: a pago móvil typed with a wrong phone first, and a Zelle.
    const section = page.getByRole('region', { name: 'Cuentas de pago' });
    await section.getByRole('button', { name: 'Agregar cuenta' }).click();
    const first = section.getByRole('group', { name: 'Cuenta 1 · Pago móvil' });
    await choose(page, first, 'Banco', '0102 · Banco de Venezuela');
    await first.getByLabel('Teléfono').fill('0414 555');
    await first.getByLabel('Cédula o RIF').fill('v12.345.678');
    await first.getByLabel('Titular').fill('Rifas El Trébol');
    await section.getByRole('button', { name: 'Agregar cuenta' }).click();
    const second = section.getByRole('group', { name: 'Cuenta 2 · Pago móvil' });
    await choose(page, second, 'Cómo se paga', 'Zelle');
    const zelle = section.getByRole('group', { name: 'Cuenta 2 · Zelle' });
    await expect(zelle.getByLabel('Banco')).toHaveCount(0);
    await zelle.getByLabel('Correo').fill('pagos@eltrebol.com');
    await zelle.getByLabel('Titular').fill('María Pérez');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(first.getByText('Teléfono inválido: usa el formato 0414-1234567')).toBeVisible();

    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await scrollTo(page, '#section-numbers');
      await screenshot(page, `i18-f/edit-terms-locked-${size}.png`);
      await scrollTo(page, '#section-accounts');
      await screenshot(page, `i18-f/edit-accounts-${size}.png`);
    }

    await first.getByLabel('Teléfono').fill('0414 555 1234');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'Rifa actualizada')).toBeVisible();
    const saved = await (await request.get(`/api/raffles/${raffle.id}`)).json();
    expect(saved.payment_accounts).toEqual([
      {
        method: 'pago_movil',
        bank_code: '0102',
        phone: '0414-5551234',
        id_document: 'V-12345678',
        holder: 'Rifas El Trébol',
      },
      { method: 'zelle', email: 'pagos@eltrebol.com', holder: 'María Pérez' },
    ]);
    expect(saved).toMatchObject({ payment_type: 'cuotas', installments: 4, total_numbers: 100 });
  });
});

test.describe('issue 18 for the buyer', () => {
  for (const [size, viewport] of SIZES) {
    test(`after reserving, each payment value has its own copy button (${size})`, {
      tag: '@screenshots',
    }, async ({ browser, request }) => {
      const raffle = await createActiveRaffle(request, {
        organizer_name: 'Rifas El Trébol',
        contact_phone: '0414 765 4321',
        payment_accounts: ACCOUNTS,
        payment_instructions: 'Envía el comprobante por WhatsApp apenas pagues.',
      });
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport,
        isMobile: size === '412',
        hasTouch: size === '412',
        locale: 'es-VE',
        timezoneId: 'America/Caracas',
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const page = await context.newPage();
      await openRaffle(page, raffle.id);
      await reserveOneNumber(page, '021');

      const accounts = page.getByTestId('payment-accounts');
      await expect(accounts.getByRole('heading', { name: 'Cuentas para pagar' })).toBeVisible();
      await expect(accounts.getByRole('listitem')).toHaveCount(3);
      await expect(accounts.getByText('0102 · Banco de Venezuela')).toBeVisible();
      await expect(accounts.getByText('0134-0001-23-4567890123')).toBeVisible();
      // The free-text instructions stay, after the accounts.
      await expect(page.getByTestId('payment-instructions')).toHaveText(
        'Envía el comprobante por WhatsApp apenas pagues.',
      );
      const copyPhone = accounts.getByRole('button', { name: 'Copiar Teléfono (Pago móvil)' });
      await copyPhone.click();
      await expect(accounts.getByRole('button', { name: 'Copiado: Teléfono (Pago móvil)' })).toHaveText(
        'Copiado',
      );
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('04145551234');
      // Nothing pushes a phone screen sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await accounts.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      // Clear of the sticky header (taller on a phone, with its second row of links).
      await page.evaluate((offset) => window.scrollBy(0, -offset), size === '412' ? 130 : 90);
      await screenshot(page, `i18-f/buyer-accounts-${size}.png`);
      await context.close();
    });
  }
});

test.describe('issue 18 on the raffles admin', () => {
  test('a raffle with sales is archived, not deleted, and found under «Archivadas»', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, { name: uniqueRaffleName('Nevera archivada') });
    await reserveViaApi(request, raffle.id, [4], { cedula: 'V-20999000' });
    await closeRaffleViaApi(request, raffle.id);
    // A closed raffle awaiting its draw keeps its list public: archived once drawn (the winner typed).
    await withoutDeclaredSourceViaApi(request, raffle.id);
    await drawRaffleViaApi(request, raffle.id, 4);
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    const card = page.getByTestId('staff-raffle-card').filter({ hasText: raffle.name });
    await expect(card.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await card.getByRole('button', { name: `Archivar: ${raffle.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `¿Archivar la rifa «${raffle.name}»?` });
    await expect(dialog).toContainText('Sus ventas, pagos e historial se conservan');
    // The phone's sheet slides up: shot once its buttons are in view.
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeInViewport({ ratio: 1 });
    await screenshot(page, 'i18-f/archive-dialog-412.png');
    await dialog.getByRole('button', { name: 'Sí, archivar' }).click();
    await expect(toast(page, 'Rifa archivada')).toBeVisible();
    await expect(card).toHaveCount(0);

    // Every filter chip is on screen on a phone (they wrap; a sideways row hid «Archivadas»).
    const chips = page.getByRole('group', { name: 'Filtrar por estado' });
    await chips.scrollIntoViewIfNeeded();
    for (const chip of await chips.getByRole('button').all()) await expect(chip).toBeInViewport({ ratio: 1 });
    await screenshot(chips, 'i18-f/status-chips-412.png');
    await page.getByRole('button', { name: 'Archivadas' }).click();
    await expect(page).toHaveURL(/archivadas=1/);
    await expect(card.getByText('Archivada', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Archivada el /)).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await screenshot(page, 'i18-f/archived-list-1440.png');

    // Off the public list; its page keeps the result and its proof, told it was archived
    // (archived-raffle-page.spec.ts).
    const listed = (await (await request.get('/api/raffles')).json()) as { id: string }[];
    expect(listed.map((r) => r.id)).not.toContain(raffle.id);
    const publicAnswer = await request.get(`/api/raffles/${raffle.id}`);
    expect(((await publicAnswer.json()) as { archived_at: string | null }).archived_at).not.toBeNull();
  });
});
