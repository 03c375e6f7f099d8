import type { Browser, Page } from '@playwright/test';
import {
  createStaffUser,
  expect,
  screenshot,
  signInWithForm,
  test,
  toast,
  withAdminSession,
} from './fixtures';
import { BUYER, cell, fillCheckout } from './raffle-helpers';
import { createRaffleViaApi, uniqueRaffleName } from './raffle-seed';

const PHONE = { width: 412, height: 915 };
/** Three browsers and a server on a shared 2-core machine: a slow step is not a broken one. */
const slow = expect.configure({ timeout: 20_000 });
const DESKTOP = { width: 1440, height: 900 };

const phone = (browser: Browser) =>
  browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
  });

/** Both sizes of the same screen part, looked at by whoever reviews the issue. */
async function bothSizes(page: Page, target: () => ReturnType<Page['locator']>, name: string) {
  for (const [size, viewport] of [
    ['412', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await target().scrollIntoViewIfNeeded();
    await screenshot(target(), `issue-22/${name}-${size}.png`);
  }
}

test.describe('seller network (issue 22, part A)', () => {
  test('an admin assigns a vendedor, who shares their link; a buyer on a phone reserves through it; staff see the seller; the leaderboard shows them masked', {
    tag: '@screenshots',
  }, async ({ browser, page, request }) => {
    // The whole journey, three browsers and eight screenshots on a shared 2-core machine.
    test.setTimeout(240_000);
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Rifa de la red'),
      show_leaderboards: true,
    });
    const carla = await createStaffUser(request, { full_name: 'Carla Rojas' });

    // The admin assigns her from her page (Usuarios).
    await withAdminSession(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/admin/users');
    await page.getByRole('button', { name: 'Acciones para Carla Rojas' }).first().click();
    await page.getByRole('menuitem', { name: 'Rifas asignadas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rifas que vende Carla Rojas' });
    await slow(dialog).toBeVisible();
    await dialog.getByRole('checkbox', { name: new RegExp(raffle.name) }).check();
    await bothSizes(page, () => page.getByRole('dialog'), 'assign-dialog');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await slow(toast(page, 'Rifas asignadas guardadas')).toBeVisible();

    // The raffle form shows her assigned (the other way to assign).
    await page.setViewportSize(DESKTOP);
    await page.goto(`/dashboard/admin/edit/${raffle.id}`);
    const sellersSection = page.locator('section[aria-labelledby="section-sellers"]');
    await slow(sellersSection.getByRole('checkbox', { name: /Carla Rojas/ })).toBeChecked();
    await slow(sellersSection.getByRole('checkbox', { name: /Mostrar clasificación/ })).toBeChecked();
    await bothSizes(page, () => sellersSection, 'raffle-form-sellers');

    // Carla signs in: the raffle is on her dashboard, with her link, WhatsApp, copy and QR.
    const sellerContext = await phone(browser);
    const seller = await sellerContext.newPage();
    await seller.goto('/login');
    await signInWithForm(seller, carla.email, carla.password);
    await slow(seller).toHaveURL(/\/dashboard\/admin$/);
    const card = seller.getByTestId('seller-link-card').filter({ hasText: raffle.name });
    // Her dashboard loads its figures beside the links: the first paint may take a while here.
    await slow(card).toBeVisible();
    await slow(card.getByText('Asignada por el administrador')).toBeVisible();
    await slow(card.getByRole('button', { name: /Copiar tu enlace/ })).toBeVisible();
    await slow(card.getByRole('link', { name: 'Enviar por WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\?text=.*%2Fv%2F[A-Z2-9]{6}%2F/,
    );
    await slow(
      card.getByRole('img', { name: new RegExp(`Código QR de tu enlace para ${raffle.name}`) }),
    ).toBeVisible();
    const link = (await card.getByTestId('seller-link-url').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`/v/[A-Z2-9]{6}/${raffle.id}$`));
    // Her card of the assigned raffle works its sales but does not edit it.
    const raffleCard = seller.getByTestId('staff-raffle-card').filter({ hasText: raffle.name });
    await slow(raffleCard.getByText('Asignada', { exact: true })).toBeVisible();
    await slow(raffleCard.getByRole('link', { name: 'Tickets vendidos' })).toBeVisible();
    await slow(raffleCard.getByRole('link', { name: /^Editar/ })).toHaveCount(0);
    await bothSizes(seller, () => card, 'seller-link-card');

    // A buyer opens her short link on a phone and reserves.
    const buyerContext = await phone(browser);
    const buyer = await buyerContext.newPage();
    await buyer.goto(new URL(link).pathname);
    await slow(buyer).toHaveURL(new RegExp(`/raffle/${raffle.id}$`));
    await slow(buyer.locator('[data-number="0"]')).toBeVisible();
    await cell(buyer, '07').click();
    await buyer.getByRole('button', { name: /^Apartar 1 número/ }).click();
    await fillCheckout(buyer);
    await buyer
      .getByRole('dialog')
      .getByRole('button', { name: /^Apartar 1 número/ })
      .click();
    await slow(buyer.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();

    // Staff see the credited seller on the sale.
    await page.setViewportSize(DESKTOP);
    await page.goto(`/dashboard/admin/tickets/${raffle.id}`);
    const row = page.getByTestId('ticket-row').filter({ hasText: BUYER.name });
    await slow(row.getByTestId('ticket-seller')).toHaveText('Vendedor: Carla Rojas');
    // And so does she, among her assigned raffle's sold tickets.
    await seller.goto(`/dashboard/admin/tickets/${raffle.id}`);
    await slow(
      seller.getByTestId('ticket-row').filter({ hasText: BUYER.name }).getByTestId('ticket-seller'),
    ).toHaveText('Vendedor: Carla Rojas');

    // The public leaderboard: masked names, counts of numbers only.
    await buyer.goto(`/raffle/${raffle.id}`);
    const boards = buyer.getByTestId('leaderboards');
    await slow(boards).toBeVisible();
    await slow(boards.getByText('c*** r***')).toBeVisible();
    await slow(boards.getByText('m*** p***')).toBeVisible();
    await slow(boards.getByText('1 número')).toHaveCount(2);
    await slow(boards).not.toContainText('Carla');
    await slow(boards).not.toContainText('María');
    await slow(boards).not.toContainText('$');
    await bothSizes(buyer, () => boards, 'leaderboards');

    await sellerContext.close();
    await buyerContext.close();
  });
});
