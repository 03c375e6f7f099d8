import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { merkleLevels, merkleRoot, soldListLines, toHex } from '../domain/verification';
import { expect, test } from './fixtures';
import { cell, openRaffle } from './raffle-helpers';
import { DESKTOP, DRAW_SOURCE, fullPageShot, PHONE, seedRaffleWithSales } from './raffle-lifecycle-helpers';
import { closeRaffleViaApi } from './raffle-seed';

// Issue 9, once sales close: the public page with its published list and Verificar.

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

/** The published list and its Merkle root as anyone gets them, recomputed here with Node's sha256. */
async function publishedDraw(request: APIRequestContext, raffleId: string) {
  const response = await request.get(`/api/raffles/${raffleId}/draw`);
  expect(response.status()).toBe(200);
  const draw = (await response.json()) as {
    sold_list: string | null;
    draw_commitment: string;
    sold_list_url: string;
  };
  // The text is a download of its own (compressed once for everyone), never in the draw answer.
  expect(draw.sold_list).toBeNull();
  const text = await (await request.get(draw.sold_list_url)).text();
  expect(text.endsWith('\n')).toBe(true);
  const lines = soldListLines(text);
  expect(toHex(merkleRoot(sha256, merkleLevels(sha256, lines)))).toBe(draw.draw_commitment);
  return { ...draw, text, lines };
}

test.describe('raffle lifecycle', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the public page of a closed raffle: no buying, the published list and Verificar', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await seedRaffleWithSales(request, 'Lista publicada');
    await closeRaffleViaApi(request, raffle.id);
    const draw = await publishedDraw(request, raffle.id);
    expect(draw.lines).toHaveLength(3);

    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await openRaffle(page, raffle.id);
      const banner = page.getByTestId('raffle-status-banner');
      await expect(banner.getByRole('heading', { name: 'Ventas cerradas' })).toBeVisible();
      await expect(banner.getByText(`el ganador saldrá del sorteo ${DRAW_SOURCE}`)).toBeVisible();
      // No buying controls; the board is still there to look at.
      await expect(page.getByRole('button', { name: 'Elegir números' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Elegir al azar' })).toHaveCount(0);
      await expect(page.getByTestId('close-rule')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Números de la rifa' })).toBeVisible();
      await expect(page.getByText('3 apartados o vendidos', { exact: true })).toBeVisible();
      await expect(page.getByRole('switch', { name: 'Solo disponibles' })).toHaveCount(0);
      await expect(cell(page, '042', 'apartado')).toHaveAttribute('aria-disabled', 'true');
      await cell(page, '050').click({ force: true });
      await expect(page.getByRole('button', { name: /^Apartar/ })).toHaveCount(0);

      const list = page.getByTestId('published-list');
      await expect(list.getByRole('heading', { name: 'Lista publicada' })).toBeVisible();
      await expect(list.getByTestId('draw-commitment')).toHaveText(draw.draw_commitment);
      await expect(list.getByText('3 números en la lista')).toBeVisible();
      await list.getByRole('button', { name: 'Ver la lista' }).click();
      const shown = list.getByRole('region', { name: 'Lista publicada de números vendidos' });
      await expect(shown).toHaveText(draw.text);
      // Whole lines on a phone too: they wrap, nothing hides off to the right.
      expect(await shown.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await list.getByRole('button', { name: 'Verificar' }).click();
      await expect(list.getByTestId('verify-result')).toContainText('Coincide con la huella publicada');
      await expect(list.getByTestId('verify-result')).toContainText(draw.draw_commitment);
      await list.getByText('Cómo verificar').click();
      await expect(list.getByText(/raíz Merkle de sus líneas/)).toBeVisible();
      await fullPageShot(page, `issue-9/raffle-closed-${size}.png`);
    }

    // The download is the exact published text.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^lista-lista-publicada-[a-z0-9-]+\.txt$/);
    expect(readFileSync(await download.path(), 'utf8')).toBe(draw.text);
  });

  test('Verificar catches a list that does not match its fingerprint', async ({ page, request }) => {
    const raffle = await seedRaffleWithSales(request, 'Lista alterada');
    await closeRaffleViaApi(request, raffle.id);
    const draw = await publishedDraw(request, raffle.id);
    // A tampered download: one number changed, the old fingerprint kept.
    await page.route(`**${draw.sold_list_url}`, (route) =>
      route.fulfill({ contentType: 'text/plain', body: draw.text.replace(/^007:/, '008:') }),
    );
    await openRaffle(page, raffle.id);
    const list = page.getByTestId('published-list');
    await list.getByRole('button', { name: 'Verificar' }).click();
    await expect(list.getByTestId('verify-result')).toContainText('No coincide con la huella publicada');
  });
});
