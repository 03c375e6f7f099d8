import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, screenshot, signInAsAdmin, takeScreenshots, test, toast } from './fixtures';
import { setVesRate } from './raffle-helpers';
import { createRaffleViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 9, item 5: the admin's test bench (live checks and the concurrency drill).
const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };
const CHECKS = [
  'Base de datos',
  'Tiempo real',
  'Almacenamiento',
  'Tasa de cambio',
  'Vencimiento de reservas',
  // Issue 18: every sale's paid figure equals its approved payments minus refunds.
  'Libro de pagos',
  // Issue 19: the audit log's hash chain, recomputed.
  'Registro de auditoría',
];

test.use({ viewport: DESKTOP });

/**
 * The whole page from the top, once the toasts are gone (they would cover what they announce).
 * The desktop sidebar is one screen tall (sticky): a screen as tall as the page keeps it whole.
 */
async function wholePageShot(page: Page, file: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  if (!takeScreenshots) return screenshot(page, file);
  const viewport = page.viewportSize() ?? DESKTOP;
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await screenshot(page, file);
  await page.setViewportSize(viewport);
}

test('an admin runs the live checks (all pass) and a 200-buyer drill with no double sale', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  // A rate of today for the rates check; the expiry job swept once at start.
  await setVesRate(request, 36.5);
  const real = await createRaffleViaApi(request, { name: uniqueRaffleName('Rifa real'), status: 'activa' });

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Banco de pruebas' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Banco de pruebas' })).toBeVisible();

  await page.getByRole('button', { name: 'Ejecutar comprobaciones' }).click();
  await expect(toast(page, 'Todas las comprobaciones pasaron')).toBeVisible({ timeout: 20_000 });
  for (const name of CHECKS) {
    const card = page.getByRole('region', { name });
    await expect(card.getByText('Correcto')).toBeVisible();
    await expect(card.getByText(/^\d[\d.]* ms$/)).toBeVisible();
    await expect(card.getByRole('img', { name: /^Tiempo/ })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Tasa de cambio' })).toContainText('Bs 36,50 por dólar');

  await expect(page.getByLabel('Compradores simultáneos')).toHaveValue('200');
  await page.getByRole('button', { name: 'Ejecutar simulacro' }).click();
  const result = page.getByRole('region', { name: 'Resultado del simulacro' });
  await expect(result).toBeVisible({ timeout: 45_000 });
  await expect(result.getByTestId('double-sales')).toHaveText('0 · Ninguna');
  await expect(result.getByText('Compradores', { exact: true }).locator('..')).toContainText('200');
  // reservations_per_s counts every attempt served (409s too): the label says so.
  await expect(result.getByText('Intentos atendidos por segundo', { exact: true })).toBeVisible();
  await expect(result.getByText(/todos los compradores, con o sin número conseguido/)).toBeVisible();
  // Times said to an organizer (issue 23): no percentiles.
  await expect(result.getByText('Tiempo típico', { exact: true })).toBeVisible();
  await expect(result.getByText('Peor caso', { exact: true })).toBeVisible();
  await expect(result.getByText(/99 de cada 100 compras/)).toBeVisible();
  await expect(page.getByText(/p50|p99/)).toHaveCount(0);
  // 200 buyers over 100 numbers: some find their numbers taken (409), as they should.
  const conflicts = Number(await result.getByText('Conflictos').locator('..').locator('dd').textContent());
  expect(conflicts).toBeGreaterThan(0);

  // The drill is listed, with no double sale.
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('200');
  await expect(row).toContainText('Correcto');
  await expect(page.getByText('Aún no hay simulacros')).toHaveCount(0);
  await wholePageShot(page, 'issue-9/test-bench-1440.png');
  // With results on screen (cards, charts, figures, the table), axe finds nothing serious.
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // Bad input stays in the browser with a clear message.
  await page.getByLabel('Compradores simultáneos').fill('1001');
  await page.getByRole('button', { name: 'Ejecutar simulacro' }).click();
  await expect(page.getByText('Indica entre 1 y 1000 compradores')).toBeVisible();
  await page.getByLabel('Compradores simultáneos').fill('200');
  await expect(page.getByText('Indica entre 1 y 1000 compradores')).toBeHidden();

  // The sandbox left no trace: the home page lists only real raffles.
  const raffles = await (await request.get('/api/raffles')).json();
  expect(raffles.map((r: { id: string }) => r.id)).toContain(real.id);
  expect(raffles.every((r: { name: string }) => r.name !== 'Simulacro de concurrencia')).toBe(true);

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Ventas dobles' }).first()).toBeVisible();
  await wholePageShot(page, 'issue-9/test-bench-412.png');
});
