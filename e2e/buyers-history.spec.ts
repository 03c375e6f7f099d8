import type { Page } from '@playwright/test';
import {
  ADMIN,
  createStaffUser,
  expect,
  screenshot,
  signInAsAdmin,
  signInWithForm,
  test,
  withAdminSession,
} from './fixtures';
import { setVesRate } from './raffle-helpers';
import { createRaffleViaApi, patchNumberViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };

/** Picks an option of a labelled Radix select. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('buyers and history (staff)', () => {
  test('buyers are grouped by cedula with totals, search and a ready WhatsApp reminder', async ({
    page,
    request,
  }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Moto Bera'),
      total_numbers: 1000,
      digit_count: 3,
      price_cents: 500,
      payment_instructions: 'Pago móvil Banesco 0414-1234567',
    });
    await setVesRate(request, 36.5);
    await reserveViaApi(request, raffle.id, [7, 12, 345], {
      name: 'José Ángel Rodríguez',
      cedula: 'V-20111222',
      phone: '0412-5556677',
    });
    await reserveViaApi(request, raffle.id, [50], {
      name: 'Ana Pérez',
      cedula: 'V-9876543',
      phone: '0424-1112233',
    });

    await withAdminSession(page);
    await page.goto(`/dashboard/admin/buyers/${raffle.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Compradores' })).toBeVisible();
    await expect(page.getByText(raffle.name).first()).toBeVisible();

    const totals = page.getByRole('region', { name: 'Resumen de la rifa' });
    await expect(totals.getByText('Compradores').locator('..')).toContainText('2');
    await expect(totals.getByText('Números').locator('..')).toContainText('4');
    await expect(totals.getByText('Cobrado').locator('..')).toContainText('$0,00');
    await expect(totals.getByText('Por cobrar').locator('..')).toContainText('$20,00');
    await expect(totals.getByText('Por cobrar').locator('..')).toContainText('Bs 730,00');

    const cards = page.getByTestId('buyer-card');
    await expect(cards).toHaveCount(2);
    await expect(page.getByText('2 compradores')).toBeVisible();
    const jose = cards.filter({ hasText: 'V-20111222' });
    await expect(jose.getByRole('heading')).toHaveText('José Ángel Rodríguez');
    await expect(jose).toContainText('0412-5556677');
    await expect(jose.getByRole('list', { name: '3 números' })).toHaveText(/007\s*012\s*345/);
    await expect(jose).toContainText('$15,00');
    const ana = cards.filter({ hasText: 'V-9876543' });
    await expect(ana.getByRole('list', { name: '1 número' })).toHaveText('050');
    await expect(ana).toContainText('$5,00');

    // Search by cedula: one buyer left, the term in the URL.
    await page.getByLabel('Buscar').fill('20111222');
    await expect(page).toHaveURL(/buscar=20111222/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('V-20111222');

    const reminder = cards.first().getByRole('link', { name: /Recordar por WhatsApp/ });
    const href = (await reminder.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/584125556677?text=')).toBe(true);
    const text = decodeURIComponent(href.split('?text=')[1] ?? '');
    expect(href).toContain(encodeURIComponent('007, 012, 345'));
    expect(href).toContain(encodeURIComponent('$15,00 (Bs 547,50)'));
    expect(text).toContain('Hola, José.');
    expect(text).toContain(raffle.name);
    expect(text).toContain('Pago móvil Banesco 0414-1234567');
    expect(text).toMatch(/Fecha límite para pagar: /);

    // The search survives a reload; nobody matching gives its own empty state.
    await page.reload();
    await expect(page.getByLabel('Buscar')).toHaveValue('20111222');
    await expect(cards).toHaveCount(1);
    await page.getByLabel('Buscar').fill('nadie-asi');
    await expect(page.getByText('Ningún comprador coincide')).toBeVisible();
    await expect(cards).toHaveCount(0);
  });

  test('a raffle without buyers says so', async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, { name: uniqueRaffleName('Sin ventas') });
    await withAdminSession(page);
    await page.goto(`/dashboard/admin/buyers/${raffle.id}`);
    await expect(page.getByText('Todavía no hay compradores en esta rifa')).toBeVisible();
  });

  test('history shows a staff change newest first and narrows by raffle and status, kept in the URL', async ({
    page,
    request,
  }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Historial TV'),
      total_numbers: 100,
      digit_count: 2,
    });
    const other = await createRaffleViaApi(request, { name: uniqueRaffleName('Otra rifa') });
    await reserveViaApi(request, raffle.id, [3, 4], { cedula: 'V-15000111' });
    await reserveViaApi(request, other.id, [9], { cedula: 'V-15000112' });
    await patchNumberViaApi(request, raffle.id, 3, { status: 'pagado' });

    await withAdminSession(page);
    await page.goto('/dashboard/admin/history');
    await expect(page.getByRole('heading', { level: 1, name: 'Historial de tickets' })).toBeVisible();
    const entries = page.getByTestId('history-entry').filter({ visible: true });

    // Newest first, looked at within this raffle: the run's newest changes, on the first page, are
    // the other worker's as often as not.
    await choose(page, 'Rifa', raffle.name);
    await expect(page).toHaveURL(new RegExp(`rifa=${raffle.id}`));
    const newest = entries.first();
    await expect(newest).toContainText(raffle.name);
    await expect(newest).toContainText('#03');
    await expect(newest).toContainText('Apartado');
    await expect(newest).toContainText('Pagado');
    await expect(newest).toContainText(ADMIN.email);
    await expect(entries.filter({ hasText: other.name })).toHaveCount(0);
    await expect(entries.filter({ hasText: '#04' })).toHaveCount(1);

    await choose(page, 'Nuevo estado', 'Pagado');
    await expect(page).toHaveURL(/estado=pagado/);
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('#03');
    await expect(page.getByText('1 cambio', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Rifa' })).toHaveText(raffle.name);
    await expect(page.getByRole('combobox', { name: 'Nuevo estado' })).toHaveText('Pagado');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(ADMIN.email);

    // A range of days with no changes, then back to everything.
    await page.getByLabel('Desde').fill('2020-01-01');
    await page.getByLabel('Hasta').fill('2020-01-31');
    await expect(page).toHaveURL(/desde=2020-01-01.*hasta=2020-01-31/);
    await expect(page.getByText('Ningún cambio coincide con los filtros')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/history$/);
    // Every raffle's changes again (whose are newest depends on the specs running meanwhile).
    await expect(page.getByRole('combobox', { name: 'Rifa' })).not.toHaveText(raffle.name);
    await expect(entries.filter({ hasNotText: raffle.name }).first()).toBeVisible();
  });

  test('a vendedor sees only the history of their own raffles', async ({ page, request }) => {
    const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
    const own = await createRaffleViaApi(request, { name: uniqueRaffleName('Rifa de Valentina') }, seller);
    const foreign = await createRaffleViaApi(request, { name: uniqueRaffleName('Rifa del admin') });
    await reserveViaApi(request, own.id, [5], { cedula: 'V-16000111' });
    await reserveViaApi(request, foreign.id, [6], { cedula: 'V-16000112' });

    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.goto('/dashboard/admin/history');
    const entries = page.getByTestId('history-entry').filter({ visible: true });
    await expect(entries.filter({ hasText: own.name }).first()).toBeVisible();
    await expect(page.getByText(foreign.name)).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Rifa' }).click();
    await expect(page.getByRole('option', { name: own.name })).toBeVisible();
    await expect(page.getByRole('option', { name: foreign.name })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // And another seller's buyers are off limits.
    await page.goto(`/dashboard/admin/buyers/${foreign.id}`);
    await expect(page.getByText('Solo puedes gestionar tus propias rifas.')).toBeVisible();
  });

  test('screenshots of both screens with realistic data', { tag: '@screenshots' }, async ({
    page,
    request,
  }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Gran Rifa Navideña: Moto Yamaha DT 175 y dos teléfonos'),
      total_numbers: 1000,
      digit_count: 3,
      price_cents: 1000,
      payment_instructions: 'Pago móvil Banesco 0414-1234567, C.I. V-12345678. Envía el comprobante.',
    });
    const buyers = [
      {
        buyer: {
          name: 'María Alejandra Fernández de los Ángeles',
          cedula: 'V-18456789',
          phone: '0414-7654321',
        },
        numbers: Array.from({ length: 25 }, (_, i) => 100 + i * 3),
      },
      {
        buyer: { name: 'José Ángel Rodríguez Núñez', cedula: 'V-20111222', phone: '0412-5556677' },
        numbers: [7, 77, 777],
      },
      { buyer: { name: 'Ana Pérez', cedula: 'V-9876543', phone: '0424-1112233' }, numbers: [50] },
      { buyer: { name: 'Luis Gómez', cedula: 'E-84123456', phone: '0416-9998877' }, numbers: [321, 322] },
      {
        buyer: { name: 'Carmen Sofía Briceño', cedula: 'V-12345679', phone: '0426-3334455' },
        numbers: [999],
      },
    ];
    await setVesRate(request, 36.5);
    for (const { buyer, numbers } of buyers) await reserveViaApi(request, raffle.id, numbers, buyer);
    await patchNumberViaApi(request, raffle.id, 7, { status: 'pagado', note: 'Pago móvil verificado' });
    await patchNumberViaApi(request, raffle.id, 321, { status: 'pagado' });
    await patchNumberViaApi(request, raffle.id, 322, { status: 'pagado' });
    await patchNumberViaApi(request, raffle.id, 50, {
      status: 'abonado',
      // Money is recorded, never typed (issue 18): an abono of $4 of the $10 price.
      amount_cents: 400,
      payment_method: 'zelle',
      note: 'Abonó $4 por Zelle',
    });

    await signInAsAdmin(page);
    for (const [suffix, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/dashboard/admin/buyers/${raffle.id}`);
      await expect(page.getByTestId('buyer-card')).toHaveCount(5);
      await screenshot(page, `issue-6/buyers-${suffix}.png`, { fullPage: true });

      await page.goto('/dashboard/admin/history');
      await expect(
        page.getByTestId('history-entry').filter({ visible: true }).filter({ hasText: raffle.name }).first(),
      ).toBeVisible();
      // The phone's list is long: the first screen (filters and the newest changes) tells the story.
      await screenshot(page, `issue-6/history-${suffix}.png`, { fullPage: viewport === DESKTOP });
    }
  });
});
