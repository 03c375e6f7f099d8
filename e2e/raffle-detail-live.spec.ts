import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  cell,
  createActiveRaffle,
  LIVE_STREAM_URL,
  openRaffle,
  phoneContext,
  reserveThroughApi,
} from './raffle-helpers';

test.describe('raffle detail: live connection', () => {
  test('after a dropped connection the board catches up on what it missed', async ({ browser, request }) => {
    const raffle = await createActiveRaffle(request);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    let offline = true;
    await page.route(LIVE_STREAM_URL, (route) => (offline ? route.abort() : route.continue()));
    await openRaffle(page, raffle.id, { live: false });
    await expect(page.getByText('Reconectando…')).toBeVisible();

    // Taken while this visitor had no live connection: no event will ever reach them.
    await reserveThroughApi(request, raffle.id, [5]);
    await expect(cell(page, '005')).toBeVisible();

    offline = false;
    await expect(page.getByText('En vivo', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(cell(page, '005', 'apartado')).toBeVisible();
    await expect(page.getByText('199 de 200 números disponibles')).toBeVisible();
    await context.close();
  });

  test('a board that did not load is not called live; its retry brings both', async ({
    browser,
    request,
  }) => {
    const raffle = await createActiveRaffle(request);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    let boardDown = true;
    // Only the board fails: the raffle loads and the live stream connects beside the error.
    await page.route(`**/api/raffles/${raffle.id}/board`, (route) =>
      boardDown ? route.fulfill({ status: 500, json: { message: 'Error interno' } }) : route.continue(),
    );
    await page.goto(`/raffle/${raffle.id}`);
    const boardError = page.getByText('No pudimos cargar el tablero de números.');
    await expect(boardError).toBeVisible();
    const badge = page.getByRole('status').filter({ hasText: /En vivo|Conectando…|Reconectando…/ });
    await expect(badge).toHaveCount(0);

    boardDown = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.locator('[data-number="0"]')).toBeVisible();
    await expect(page.getByText('En vivo', { exact: true })).toBeVisible();
    await context.close();
  });

  test('the live dot pings, and stays still for a visitor who asks for reduced motion', async ({
    browser,
    page,
    request,
  }) => {
    const raffle = await createActiveRaffle(request);
    const runningAnimations = (p: Page) =>
      p
        .locator('.animate-ping')
        .evaluate((dot) => dot.getAnimations().filter((a) => a.playState === 'running').length);

    // The config's pages ask for reduced motion: the ping plays once, in 1 ms, then never again.
    await openRaffle(page, raffle.id);
    await expect(page.getByText('En vivo', { exact: true })).toBeVisible();
    await expect.poll(() => runningAnimations(page)).toBe(0);

    // A context of the test's own inherits the config's options too: this one asks for motion.
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      reducedMotion: 'no-preference',
    });
    const moving = await context.newPage();
    await openRaffle(moving, raffle.id);
    await expect(moving.getByText('En vivo', { exact: true })).toBeVisible();
    expect(await runningAnimations(moving)).toBe(1);
    await context.close();
  });
});
