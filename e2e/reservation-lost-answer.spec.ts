import type { APIRequestContext, Browser, Route } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import {
  cell,
  createActiveRaffle,
  fillCheckout,
  LIVE_STREAM_URL,
  openRaffle,
  phoneContext,
  phoneOnNewRaffle,
} from './raffle-helpers';

// Decision 057: on a phone the answer to «Apartar» can be lost after the numbers were sold. The
// browser sends the same request again with the same key and the buyer gets their own order, never
// "someone else took your numbers".
const RESERVATIONS_URL = /\/api\/raffles\/[^/]+\/reservations$/;

/** The server sells, then the connection drops before its answer reaches the phone. */
async function sellThenDrop(route: Route, answers: { order: { code: string } }[]) {
  const response = await route.fetch();
  answers.push(await response.json());
  await route.abort('connectionreset');
}

/**
 * A phone on the raffle page whose first «Apartar» sells and loses its answer, and so do the
 * browser's own resends: it picks `labels`, fills the form, taps and waits for the sheet's message.
 * Answers the page and the lost answer (its order).
 */
async function reserveWithNoSignal(browser: Browser, request: APIRequestContext, labels: string[]) {
  const lost: { order: { code: string } }[] = [];
  const { raffle, context, page } = await phoneOnNewRaffle(browser, request, (phone) =>
    phone.route(RESERVATIONS_URL, async (route) =>
      lost.length === 0 ? sellThenDrop(route, lost) : route.abort('internetdisconnected'),
    ),
  );
  for (const label of labels) await cell(page, label).click();
  const apartar = new RegExp(`^Apartar ${labels.length} número`);
  await page.getByRole('button', { name: apartar }).click();
  await fillCheckout(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: apartar }).click();
  const problem = dialog.getByRole('alert').filter({ hasText: 'No pudimos confirmar tu apartado' });
  await expect(problem).toBeVisible({ timeout: 15_000 });
  const orderUrl = new RegExp(`/${lost[0]?.order.code ?? '-'}$`);
  return { raffle, context, page, dialog, problem, apartar, orderUrl };
}

test.describe('a reservation whose answer was lost', () => {
  test('is sent again by itself and shows the order that was made, once', async ({ browser, request }) => {
    const raffle = await createActiveRaffle(request);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.route(LIVE_STREAM_URL, (route) => route.abort());
    const lost: { order: { code: string } }[] = [];
    let sendings = 0;
    await page.route(RESERVATIONS_URL, async (route) => {
      sendings += 1;
      if (sendings === 1) return sellThenDrop(route, lost);
      return route.continue();
    });
    await openRaffle(page, raffle.id, { live: false });

    await cell(page, '007').click();
    await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
    await fillCheckout(page);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Apartar 1 número/ })
      .click();

    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    expect(sendings).toBe(2);
    const code = lost[0]?.order.code ?? '';
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    // The order page of the order the first sending made.
    await expect(page).toHaveURL(new RegExp(`/${code}$`));
    await expect(page.locator('#rd-printable-ticket').getByText('007', { exact: true })).toBeVisible();
    await context.close();
  });

  test('with no signal at all, says so in the sheet; the next tap gets the same order', {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    const { context, page, dialog, problem, apartar, orderUrl } = await reserveWithNoSignal(
      browser,
      request,
      ['012'],
    );
    await expect(problem).toContainText('sin apartarlo dos veces');
    // Nothing was taken from the selection: the same number is still there to send.
    await expect(dialog.getByRole('button', { name: apartar })).toBeEnabled();
    await screenshot(page, 'decision-057/answer-lost-412.png');

    // The signal is back: the same tap answers the order the first sending made.
    await page.unroute(RESERVATIONS_URL);
    await dialog.getByRole('button', { name: apartar }).click();
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
    await expect(page).toHaveURL(orderUrl);
    await expect(page.getByText(/ya no está disponible/)).toHaveCount(0);
    await context.close();
  });

  test('after a reload, the page offers to confirm it; one tap gets the order the first sending made', {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    const { raffle, context, page, orderUrl } = await reserveWithNoSignal(browser, request, ['021', '022']);

    // The buyer gives up on the sheet and reloads: the board shows 021 and 022 taken, and the page
    // says they may be theirs.
    await page.unroute(RESERVATIONS_URL);
    await page.goto(`/raffle/${raffle.id}`);
    const notice = page.getByTestId('unconfirmed-reservation');
    await expect(notice.getByRole('heading', { name: 'Tu apartado no se confirmó' })).toBeVisible();
    await expect(notice).toContainText('los números 021, 022');
    await screenshot(page, 'decision-057/unconfirmed-after-reload-412.png');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'decision-057/unconfirmed-after-reload-1440.png');
    await page.setViewportSize({ width: 412, height: 915 });
    await notice.getByRole('button', { name: 'Confirmar mi apartado' }).click();
    await expect(page).toHaveURL(orderUrl);
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();

    // Confirmed once: back on the raffle, nothing is offered again.
    await page.goto(`/raffle/${raffle.id}`);
    await expect(page.locator('[data-number="0"]')).toBeVisible();
    await expect(page.getByTestId('unconfirmed-reservation')).toHaveCount(0);
    await context.close();
  });
});
