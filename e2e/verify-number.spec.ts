import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { cell, createActiveRaffle, openRaffle } from './raffle-helpers';
import { DESKTOP, fullPageShot, PHONE, uniqueCedula } from './raffle-lifecycle-helpers';
import { closeRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 19: a buyer proves, in their own browser, that their number is in the list sealed at
// close: number + verification code + cedula typed without the dash, a wrong code in red, the
// ticket's QR address, the closed raffle's page and the signed receipt from tracking.

/** `node scripts/verify-draw.mjs …` as an auditor runs it: its report and exit code. */
const verifyDrawScript = (...args: string[]) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(process.execPath, ['scripts/verify-draw.mjs', ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });

const BUYER = { name: 'Ana Verifica', phone: '0414-7654321', address: 'Mérida, centro' };

/** Reserves one number through the page, as a buyer would, up to the order with its codes. */
async function reserveOnPage(page: Page, label: string, cedulaDigits: string) {
  await cell(page, label).click();
  await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre y apellido').fill(BUYER.name);
  await dialog.getByLabel('Teléfono').fill(BUYER.phone);
  await dialog.getByRole('textbox', { name: 'Cédula' }).fill(cedulaDigits);
  await dialog.getByLabel('Dirección').fill(BUYER.address);
  await dialog.getByRole('button', { name: /^Apartar 1 número/ }).click();
  await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
}

async function verify(page: Page, values: { raffle?: string; number: string; code: string; cedula: string }) {
  const form = page.getByTestId('verify-number');
  if (values.raffle !== undefined) await form.getByLabel('Rifa', { exact: true }).fill(values.raffle);
  await form.getByLabel('Tu número').fill(values.number);
  await form.getByLabel('Código de verificación').fill(values.code);
  await form.getByLabel('Tu cédula').fill(values.cedula);
  await form.getByRole('button', { name: 'Verificar mi número' }).click();
  return form.getByTestId('verify-number-result');
}

test.describe('Verifica tu número', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a buyer proves their number with the code and a cedula typed without the dash', {
    tag: '@screenshots',
  }, async ({ page, request, baseURL }) => {
    const raffle = await createActiveRaffle(request, { name: uniqueRaffleName('Verifica tu número') });
    const cedulaDigits = uniqueCedula().slice(2);
    await reserveViaApi(request, raffle.id, [7, 120], { cedula: uniqueCedula() });
    await openRaffle(page, raffle.id);
    await reserveOnPage(page, '042', cedulaDigits);

    // The order shows the number's verification code, with a QR to /verificar already filled in.
    const codes = page.getByTestId('verification-codes');
    await expect(codes).toBeVisible();
    const code = ((await codes.getByTestId('verification-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[346789ABCDEFGHJKMNPQRTUVWXY]{10}$/);
    await expect(codes.getByRole('img', { name: 'Código QR para verificar el número 042' })).toBeVisible();
    await fullPageShot(page, 'issue-19/order-codes-412.png');

    await closeRaffleViaApi(request, raffle.id);

    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/verificar');
      await expect(page.getByRole('heading', { name: 'Verifica tu número', level: 1 })).toBeVisible();
      const result = await verify(page, {
        raffle: `${baseURL}/raffle/${raffle.id}`,
        number: '42',
        code,
        cedula: `V${cedulaDigits}`,
      });
      await expect(result).toHaveAttribute('data-tone', 'ok');
      await expect(result).toContainText('Tu número 042 está en la lista sellada el');
      await expect(result).toContainText(
        /\(huella [0-9a-f]{16}…\); comprobado con \d+ cálculos en tu teléfono\./,
      );
      await screenshot(page, `issue-19/verify-number-${size}.png`, { fullPage: true });
    }

    // A wrong code: not found, in red and in words.
    await page.setViewportSize(PHONE);
    const wrong = await verify(page, { number: '42', code: '3333333333', cedula: `V${cedulaDigits}` });
    await expect(wrong).toHaveAttribute('data-tone', 'bad');
    await expect(wrong).toContainText('No encontramos el número 042 con ese código y esa cédula');
    await expect(wrong.locator('svg')).toHaveCount(1);
    await expect(wrong).toHaveClass(/bg-red-50/);
    await screenshot(page, 'issue-19/verify-number-wrong-412.png', { fullPage: true });

    // The ticket's QR address fills the raffle, number and code; then leaves the address clean.
    await page.goto(`/verificar?rifa=${raffle.id}&numero=42&codigo=${code}`);
    await expect(page).toHaveURL(new RegExp(`/verificar\\?rifa=${raffle.id}$`));
    await expect(page.getByLabel('Código de verificación')).toHaveValue(code);
    await page.getByLabel('Tu cédula').fill(`v-${cedulaDigits}`);
    await page.getByRole('button', { name: 'Verificar mi número' }).click();
    await expect(page.getByTestId('verify-number-result')).toHaveAttribute('data-tone', 'ok');

    // The closed raffle's page carries the same form, with the raffle already known.
    await openRaffle(page, raffle.id, { live: false });
    const onPage = await verify(page, {
      number: '042',
      code: code.toLowerCase(),
      cedula: `V-${cedulaDigits}`,
    });
    await expect(onPage).toContainText('Tu número 042 está en la lista sellada');
    await screenshot(page.getByTestId('verify-number'), 'issue-19/raffle-closed-verify-412.png');

    // The whole list, fingerprinted again here and compared with the one published at close.
    const list = page.getByTestId('published-list');
    await list.getByRole('button', { name: 'Verificar la lista completa' }).click();
    const verdict = list.getByTestId('verify-result');
    await expect(verdict).toHaveAttribute('data-tone', 'ok');
    await expect(verdict).toContainText('Coincide con la huella publicada el');
    await expect(verdict).toContainText(
      'Compárala también con la huella que el organizador compartió al cerrar',
    );
    await screenshot(list, 'issue-19/raffle-closed-list-412.png');
  });

  test('the signed receipt from tracking is found in the sealed list', {
    tag: '@screenshots',
  }, async ({ page, request, baseURL }) => {
    const raffle = await createActiveRaffle(request, { name: uniqueRaffleName('Recibo firmado') });
    const cedula = uniqueCedula();
    await reserveViaApi(request, raffle.id, [5], { ...BUYER, cedula });
    await closeRaffleViaApi(request, raffle.id);

    await page.goto('/tracking');
    await page.getByLabel('Tipo de cédula').selectOption('V');
    await page.getByLabel('Cédula', { exact: true }).fill(cedula.slice(2));
    await page.getByLabel('Últimos 4 dígitos de tu teléfono').fill(BUYER.phone.slice(-4));
    await page.getByRole('button', { name: 'Consultar' }).click();
    const ticket = page.getByTestId('tracked-ticket').filter({ hasText: '#005' });
    await expect(ticket.getByTestId('verification-code')).toHaveText(/^[346789A-Z]{10}$/);
    await screenshot(ticket, 'issue-19/tracking-ticket-412.png');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ticket.getByRole('button', { name: /Descargar recibo firmado/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`recibo-${raffle.id}-005.json`);
    const file = await download.path();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ raffle_id: raffle.id, number: 5 });

    // The standalone verifier agrees, on the live server, with the downloaded receipt.
    const script = await verifyDrawScript(`${baseURL}/raffle/${raffle.id}`, '--receipt', file);
    expect(script.out).toContain('✔ La raíz Merkle de la lista coincide con la huella publicada');
    expect(script.out).toContain('✔ line_count publicado (1) coincide con las líneas de la lista');
    expect(script.out).toContain('la línea del número 005 está en la lista');
    expect(script.code, script.out).toBe(0);

    await page.goto(`/verificar?rifa=${raffle.id}`);
    await page.getByTestId('verify-receipt-file').setInputFiles(file);
    await page.getByRole('button', { name: 'Verificar mi número' }).click();
    const result = page.getByTestId('verify-receipt-result');
    await expect(result).toHaveAttribute('data-tone', 'ok');
    await expect(result).toContainText('Tu recibo firmado del número 005 está en la lista sellada');
    await screenshot(page.getByTestId('verify-number'), 'issue-19/verify-receipt-412.png');

    // The same receipt against a list that lost the sale (as if it were dropped before sealing):
    // the signature still holds, so the page says in red that a sale was removed.
    await page.route(`**/api/raffles/${raffle.id}/proof?number=5`, (route) =>
      route.fulfill({
        status: 404,
        json: { error: { code: 'NOT_IN_LIST', message: 'No está en la lista' } },
      }),
    );
    await page.getByRole('button', { name: 'Verificar mi número' }).click();
    await expect(result).toHaveAttribute('data-tone', 'bad');
    await expect(result).toContainText(
      'Este recibo firmado no aparece en la lista publicada: es prueba de que el organizador quitó una venta',
    );
    await screenshot(result, 'issue-19/verify-receipt-missing-412.png');
  });
});
