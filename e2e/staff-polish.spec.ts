import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  ADMIN,
  apiSignIn,
  createStaffUser,
  expect,
  SCREENSHOTS_TAG,
  type SeededUser,
  screenshot,
  signInWithForm,
  test,
  uniqueSerial,
  withAdminSession,
} from './fixtures';
import { receiptPng, reserveAndPay, uniqueBuyer } from './payments-helpers';
import { createActiveRaffle, setVesRate } from './raffle-helpers';
import { reserveViaApi, uniqueRaffleName } from './raffle-seed';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };
const SIZES = [
  ['412', PHONE],
  ['1440', DESKTOP],
] as const;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function assign(request: APIRequestContext, raffleId: string, sellers: SeededUser[]) {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const res = await request.put(`/api/raffles/${raffleId}/sellers`, {
    data: { seller_ids: sellers.map((s) => s.id) },
    headers: bearer(admin.access_token),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function terms(request: APIRequestContext, raffleId: string, seller: SeededUser, percent: number) {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const res = await request.put(`/api/raffles/${raffleId}/commissions`, {
    data: { seller_id: seller.id, percent },
    headers: bearer(admin.access_token),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function codeOf(request: APIRequestContext, seller: SeededUser) {
  const own = await apiSignIn(request, seller.email, seller.password);
  const me = await request.get('/api/sellers/me', { headers: bearer(own.access_token) });
  expect(me.status(), await me.text()).toBe(200);
  return { code: ((await me.json()) as { code: string }).code, token: own.access_token };
}

async function approve(request: APIRequestContext, paymentId: string) {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const res = await request.patch(`/api/payments/${paymentId}`, {
    data: { status: 'approved' },
    headers: bearer(admin.access_token),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Every finite animation has ended, or was cancelled (a sheet re-laid out at the new size). */
const animationsSettled = (page: Page) =>
  page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );

async function both(page: Page, name: string, fullPage = true) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    // A dialog turns from a phone's sheet into a centred dialog: let it settle first.
    if (!fullPage) await animationsSettled(page);
    await screenshot(page, `staff-polish/${name}-${size}.png`, { fullPage });
  }
}

/**
 * Where the first package's count input, price input and remove button stand, read in one go once
 * the page has settled at its new size: read one by one, a scroll or a re-layout between two reads
 * (a loaded 2-core CI machine) moved one and not the other.
 */
async function firstPackageRow(page: Page) {
  await animationsSettled(page);
  await expect(page.getByLabel('Precio del paquete 1 (USD)')).toBeVisible();
  return page.evaluate(() => {
    const box = (element: Element | null) => {
      const rect = element?.getBoundingClientRect();
      return rect ? { x: rect.x, y: rect.y } : undefined;
    };
    const count = box(document.getElementById('raffle-package-0-numbers'));
    const price = box(document.getElementById('raffle-package-0-price'));
    if (!count || !price) throw new Error('the first package row has no inputs');
    return { count, price, remove: box(document.querySelector('[aria-label="Quitar el paquete 1"]')) };
  });
}

const sellerPhone = async (browser: Browser, user: SeededUser) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  return { context, page };
};

// A small business as a new user finds it: a raffle with packages and three prizes, two vendedores
// with commission terms and sales in every state (reserved, partly paid, paid, cash a vendedor
// recorded, a refund), a new vendedor with no sales and a raffle with none. Walks the staff screens
// at 412 and 1440 px and checks what looked broken there: the Vendedores table hid its actions at
// 1440, the package inputs stood at two heights, the packages had no Bs, the empty list blamed a filter.
test.describe('staff screens of a small business', () => {
  test(`sellers, packages and prizes at 412 and 1440 px ${SCREENSHOTS_TAG}`, async ({
    page,
    browser,
    request,
  }) => {
    // Four people's data, about twenty screens at two sizes, on a shared 2-core machine.
    test.setTimeout(180_000);
    const tag = uniqueSerial() % 100_000;
    await setVesRate(request, 36.5);
    const raffle = await createActiveRaffle(request, {
      name: uniqueRaffleName('Moto Bera SBR'),
      price_cents: 500,
      packages: [
        { numbers: 5, price_cents: 2_000 },
        { numbers: 10, price_cents: 3_500 },
      ],
      prizes: [
        { title: 'Televisor Samsung de 55 pulgadas', draw_kind: 'drand' },
        { title: 'Bono de $100 en efectivo', draw_kind: 'drand' },
      ],
    });
    const empty = await createActiveRaffle(request, { name: uniqueRaffleName('Rifa vacía') });
    const carla = await createStaffUser(request, { full_name: `Carla Rojas ${tag}` });
    const luis = await createStaffUser(request, { full_name: `Luis Alberto Fernández Guzmán ${tag}` });
    const nuevo = await createStaffUser(request, { full_name: `Pedro Nuevo ${tag}` });
    await assign(request, raffle.id, [carla, luis, nuevo]);
    await assign(request, empty.id, [nuevo]);
    await terms(request, raffle.id, carla, 10);
    await terms(request, raffle.id, luis, 8);
    const c = await codeOf(request, carla);
    const l = await codeOf(request, luis);
    const proof = await receiptPng(page, ['Pago móvil', 'Bs 365,00']);

    // Carla: 001-002 reserved; 010-011 paid; 003 partly paid.
    await reserveViaApi(request, raffle.id, [1, 2], uniqueBuyer('María Pérez'), c.code);
    const paid = await reserveAndPay(request, raffle.id, [10, 11], uniqueBuyer('José Rivas'), {
      proof,
      sellerCode: c.code,
    });
    await approve(request, paid.paymentId);
    const partial = await reserveAndPay(request, raffle.id, [3], uniqueBuyer('Ana Gómez'), {
      proof,
      amountCents: 200,
      sellerCode: c.code,
    });
    await approve(request, partial.paymentId);
    // Luis: cash on 020, pagado by hand on 021, a refund of $1 on 021, 030 reserved.
    const { tickets } = (await reserveViaApi(
      request,
      raffle.id,
      [20, 21],
      uniqueBuyer('Yusmary del Carmen Hernández'),
      l.code,
    )) as { tickets: { id: string }[] };
    const cash = await request.post(`/api/tickets/${tickets[0]?.id}/payments`, {
      data: { amount_cents: 500, payment_method: 'efectivo' },
      headers: bearer(l.token),
    });
    expect(cash.status(), await cash.text()).toBe(201);
    const byHand = await request.patch(`/api/tickets/${tickets[1]?.id}`, {
      data: { status: 'pagado' },
      headers: bearer(l.token),
    });
    expect(byHand.status(), await byHand.text()).toBe(200);
    const refund = await request.post(`/api/tickets/${tickets[1]?.id}/refunds`, {
      data: { amount_cents: 100, reason: 'Error al cobrar' },
      headers: bearer((await apiSignIn(request, ADMIN.email, ADMIN.password)).access_token),
    });
    expect(refund.status(), await refund.text()).toBe(201);
    await reserveViaApi(request, raffle.id, [30], uniqueBuyer('Pedro Márquez'), l.code);
    // A sale with no seller.
    await reserveViaApi(request, raffle.id, [40, 41, 42, 43, 44], uniqueBuyer('Carmen Díaz'));

    await withAdminSession(page);
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await both(page, 'dashboard');

    await page.goto(`/dashboard/admin/tickets/${raffle.id}`);
    await expect(page.getByTestId('ticket-row').first()).toBeVisible();
    await both(page, 'tickets');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Ver detalle del número 021', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /Número 021/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await both(page, 'ticket-panel', false);
    await page.keyboard.press('Escape');

    await page.goto(`/dashboard/admin/tickets/${empty.id}`);
    await expect(page.getByText('Esta rifa aún no tiene ventas')).toBeVisible();
    await both(page, 'tickets-empty');

    await page.setViewportSize(PHONE);
    await page.goto('/dashboard/admin/vendedores');
    await expect(page.getByRole('heading', { level: 1, name: 'Vendedores' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await both(page, 'vendedores-all');
    await page.getByRole('combobox', { name: 'Rifa' }).click();
    await page.getByRole('option', { name: raffle.name }).click();
    await page.waitForLoadState('networkidle');
    // Quoted as the rest of the app quotes (« »), not with straight quotes.
    await expect(
      page.getByText('no por rifa: «Pagado», «Por pagar» y «Efectivo por entregar»'),
    ).toBeVisible();
    await both(page, 'vendedores-raffle');
    // At 1440 px the ten columns and the three actions fit beside the menu: nothing scrolled away.
    const table = page.locator('table').filter({ has: page.getByTestId('seller-row') });
    const [scroll, client] = await table.evaluate((el) => [
      el.parentElement?.scrollWidth ?? 0,
      el.parentElement?.clientWidth ?? 0,
    ]);
    expect.soft(scroll, 'the ranking table scrolls sideways').toBeLessThanOrEqual(client);
    await expect
      .soft(table.getByRole('button', { name: `Efectivo por entregar de ${luis.full_name}` }))
      .toBeInViewport({ ratio: 1 });
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: `Comisión en esta rifa: ${carla.full_name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Comisión en esta rifa' })).toBeVisible();
    await both(page, 'terms-dialog', false);
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: `Efectivo por entregar de ${luis.full_name}` }).click();
    await expect(page.getByRole('dialog', { name: `Efectivo de ${luis.full_name}` })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await both(page, 'cash-dialog', false);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Rifa' }).click();
    await page.getByRole('option', { name: empty.name }).click();
    await page.waitForLoadState('networkidle');
    await both(page, 'vendedores-empty-raffle');

    // The raffle form, create and edit.
    await page.goto('/dashboard/admin/create');
    await page.getByRole('button', { name: 'Agregar paquete' }).click();
    await page.getByLabel('Números del paquete 1').fill('5');
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      const { count, price, remove } = await firstPackageRow(page);
      expect.soft(Math.abs(count.y - price.y), `inputs level at ${size}`).toBeLessThan(1);
      expect.soft(count.x, `count, then price, then remove at ${size}`).toBeLessThan(price.x);
      expect.soft(price.x, `count, then price, then remove at ${size}`).toBeLessThan(remove?.x ?? 0);
    }
    for (const section of ['section-packages', 'section-extra-prizes']) {
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        const target = page.locator(`section[aria-labelledby="${section}"]`);
        await target.scrollIntoViewIfNeeded();
        await screenshot(target, `staff-polish/create-${section}-${size}.png`);
      }
    }
    await page.goto(`/dashboard/admin/edit/${raffle.id}`);
    await expect(page.locator('section[aria-labelledby="section-packages"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const section of ['section-packages', 'section-extra-prizes']) {
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        if (section === 'section-packages') {
          // Each package's two inputs stand level, whether a label wraps or a hint sits below one.
          const { count, price } = await firstPackageRow(page);
          expect.soft(Math.abs(count.y - price.y), `inputs level at ${size}`).toBeLessThan(1);
        }
        const target = page.locator(`section[aria-labelledby="${section}"]`);
        await target.scrollIntoViewIfNeeded();
        await screenshot(target, `staff-polish/edit-${section}-${size}.png`);
      }
    }

    // The public page.
    await page.goto(`/raffle/${raffle.id}`);
    await expect(page.locator('[data-number="0"]')).toBeVisible();
    // Each package in USD and Bs, as every other price on the page (Bs 36,50 per dollar: the rate
    // every spec that may run beside this one sets too).
    await expect(page.getByRole('heading', { name: '3 premios' })).toBeVisible();
    await expect(page.getByText('Televisor Samsung de 55 pulgadas')).toBeVisible();
    const offers = page.getByRole('region', { name: 'Paquetes' });
    await expect.soft(offers.getByRole('button', { name: /^5 por \$20,00/ })).toContainText('Bs 730,00');
    await expect.soft(offers.getByRole('button', { name: /^10 por \$35,00/ })).toContainText('Bs 1.277,50');
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await screenshot(offers, `staff-polish/public-packages-${size}.png`);
    }
    await page.waitForLoadState('networkidle');
    await both(page, 'public');

    // The vendedores' own screens.
    for (const [who, user] of [
      ['luis', luis],
      ['nuevo', nuevo],
    ] as const) {
      const { context, page: own } = await sellerPhone(browser, user);
      await own.goto('/dashboard/admin/mis-ventas');
      await expect(own.getByRole('heading', { level: 1, name: 'Mis ventas' })).toBeVisible();
      await own.waitForLoadState('networkidle');
      if (who === 'nuevo') {
        await expect(own.getByText('Todavía no tienes ventas acreditadas')).toBeVisible();
        const chart = own.getByTestId('commission-chart');
        await expect(chart.getByText('Sin comisiones en los últimos 30 días.')).toBeInViewport();
      }
      await both(own, `${who}-mis-ventas`);
      await context.close();
    }
  });
});
