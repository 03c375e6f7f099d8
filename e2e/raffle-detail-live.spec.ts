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
});
