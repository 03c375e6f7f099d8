import type { Page } from '@playwright/test';
import { expect, PHONE_VIEWPORT, screenshot, signInAsAdmin, test, toast, withAdminSession } from './fixtures';
import { caracasInputDate, createRaffleViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

/** A real PNG drawn by the browser, to upload as the prize photo. */
async function prizePhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const gradient = g.createLinearGradient(0, 0, 800, 600);
    gradient.addColorStop(0, '#f59e0b');
    gradient.addColorStop(1, '#b91c1c');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 800, 600);
    g.fillStyle = '#ffffff';
    g.font = 'bold 90px sans-serif';
    g.textAlign = 'center';
    g.fillText('PREMIO', 400, 330);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function fillRaffleForm(page: Page, name: string) {
  await page.getByLabel('Nombre de la rifa').fill(name);
  await page
    .getByLabel('Descripción del premio')
    .fill('Moto 0 km, papeles al día. Se entrega en San Cristóbal.');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'moto.png',
    mimeType: 'image/png',
    buffer: await prizePhoto(page),
  });
  await expect(page.getByRole('img', { name: 'Foto 1 del premio' })).toBeVisible();
  await page.getByLabel('Precio por número (USD)').fill('5');
  await page.getByLabel('Cantidad de números').fill('1000');
  // The digit count follows the total: 1.000 numbers need 3 digits (000 to 999).
  await expect(page.getByLabel('Cifras por número')).toHaveText(/3 cifras \(000 a 999\)/);
  await page.getByLabel('Fecha y hora de cierre').fill(caracasInputDate(10));
  await expect(
    page.getByText(/^Cierra el \d{1,2} [a-z]{3} \d{4}, \d{1,2}:\d{2} [ap]\. m\. \(hora de Venezuela\)\.$/),
  ).toBeVisible();
  // Declared before the first sale (a new raffle starts on the drand beacon): a lottery after the close.
  await page.getByLabel('Fuente del sorteo').click();
  await page.getByRole('option', { name: 'Lotería' }).click();
  await page.getByLabel('Lotería', { exact: true }).fill('Triple Táchira A');
  await page.getByLabel('Fecha y hora del sorteo de la lotería').fill(caracasInputDate(11));
  await page.getByLabel('Nombre del organizador').fill('Rifas El Trébol');
  await page.getByLabel('WhatsApp de contacto').fill('0414 765 4321');
  await page
    .getByLabel('Instrucciones de pago')
    .fill('Pago móvil: Banco de Venezuela, 0414-7654321, V-12345678\nZelle: pagos@eltrebol.com');
}

test.describe('raffle management (admin)', () => {
  test('admin creates a raffle through the form and sees it on the dashboard and home page', {
    tag: '@screenshots',
  }, async ({ page }) => {
    const name = uniqueRaffleName('Moto Bera');
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Nueva rifa' }).first().click(); // the empty state offers it too
    await expect(page.getByRole('heading', { level: 1, name: 'Crear rifa' })).toBeVisible();

    // Empty required fields: Spanish messages under each field, nothing sent.
    await page.getByLabel('Cantidad de números').fill('');
    await page.getByRole('button', { name: 'Crear rifa' }).click();
    await expect(page.getByText('Escribe el nombre de la rifa')).toBeVisible();
    await expect(page.getByText('Escribe el precio en dólares, p. ej. 5 o 2,50')).toBeVisible();
    await expect(page.getByText('Escribe cuántos números tiene la rifa (un número entero)')).toBeVisible();

    await fillRaffleForm(page, name);
    // The contact phone is checked in the browser with the server's own rule.
    await page.getByLabel('WhatsApp de contacto').fill('12345');
    await page.getByRole('button', { name: 'Crear rifa' }).click();
    await expect(page.getByText('Teléfono inválido: usa el formato 0414-1234567')).toBeVisible();
    await expect(page.getByLabel('WhatsApp de contacto')).toBeFocused();
    await page.getByLabel('WhatsApp de contacto').fill('0414 765 4321');
    await screenshot(page, 'create-raffle.png', { fullPage: true });
    await page.getByRole('button', { name: 'Crear rifa' }).click();

    await expect(toast(page, 'Rifa creada', `«${name}» ya tiene sus 1.000 números listos.`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    const card = page.getByTestId('staff-raffle-card').filter({ hasText: name });
    await expect(card.getByText('0% vendido')).toBeVisible();
    await expect(card.getByText('quedan 1.000 números')).toBeVisible();
    await expect(card.getByText('Activa', { exact: true })).toBeVisible();
    await expect(card.getByText(/Cierra en (9 d|10 d)/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Eliminar' })).toBeVisible();
    // A clean screenshot: close the toasts (sonner pauses their timers while the pointer is near).
    // Always the first button still there: a toast that goes by itself shifts the others, and a
    // click on `nth(1)` of what is now one toast waited for it until the test timed out (seen in CI).
    const closeButtons = page.getByRole('button', { name: 'Cerrar notificación' });
    for (let i = 0; i < 5 && (await closeButtons.count()) > 0; i++) {
      await closeButtons
        .first()
        .click({ force: true, timeout: 2_000 })
        .catch(() => {}); // gone meanwhile
    }
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    await screenshot(page, 'dashboard.png', { fullPage: true });

    await page.goto('/');
    const publicCard = page.getByTestId('raffle-card').filter({ hasText: name });
    await expect(publicCard.getByText('$5,00')).toBeVisible();
    await expect(publicCard.getByText(/^Sorteo: Triple Táchira A, \d{1,2} [a-z]{3} \d{4}, /)).toBeVisible();
    await expect(publicCard.getByText('Organiza: Rifas El Trébol')).toBeVisible();
    await expect(publicCard.getByRole('img', { name: `Premio de la rifa ${name}` })).toBeVisible();
    await expect(publicCard.getByRole('link', { name: 'Elegir números' })).toHaveAttribute(
      'href',
      /^\/raffle\//,
    );
  });

  test('edit saves changes, and a total that can no longer change says why', async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, { name: uniqueRaffleName('Televisor') });
    await withAdminSession(page);
    await page.goto(`/dashboard/admin/edit/${raffle.id}`);
    await expect(page.getByLabel('Nombre de la rifa')).toHaveValue(raffle.name);
    await expect(page.getByLabel('Precio por número (USD)')).toHaveValue('5');

    // Someone reserves while the form is open: the server refuses the new total (409).
    await reserveViaApi(request, raffle.id, [7], { cedula: 'E-81222333' });
    await page.getByLabel('Cantidad de números').fill('50');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const locked =
      'Ya se apartaron o vendieron números de esta rifa: no se puede cambiar la cantidad de números.';
    await expect(toast(page, 'Error al actualizar la rifa', locked)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: locked }).first()).toBeVisible();

    await page.getByLabel('Cantidad de números').fill('100');
    const renamed = `${raffle.name} 55"`;
    await page.getByLabel('Nombre de la rifa').fill(renamed);
    await page.getByLabel('Precio por número (USD)').fill('2,50');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'Rifa actualizada')).toBeVisible();
    const card = page.getByTestId('staff-raffle-card').filter({ hasText: renamed });
    await expect(card.getByText('1% vendido')).toBeVisible();
    await expect(card.getByText(/\$2,50/)).toBeVisible();
  });

  test('admin deletes a raffle after confirming its name', async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, { name: uniqueRaffleName('Nevera') });
    await signInAsAdmin(page);
    const card = page.getByTestId('staff-raffle-card').filter({ hasText: raffle.name });
    await card.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog', { name: `¿Eliminar la rifa «${raffle.name}»?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(toast(page, 'Rifa eliminada correctamente')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });

    test('admin creates a raffle paid in installments', { tag: '@screenshots' }, async ({ page }) => {
      const name = uniqueRaffleName('iPhone');
      await signInAsAdmin(page);
      await page.getByRole('link', { name: 'Nueva rifa' }).first().click(); // the empty state offers it too
      await fillRaffleForm(page, name);
      await page.getByLabel('Cuotas').check();
      await page.getByRole('button', { name: 'Crear rifa' }).click();
      await expect(page.getByText('Indica en cuántas cuotas se paga')).toBeVisible();
      await page.getByLabel('Cantidad de cuotas').fill('4');
      await screenshot(page, 'create-raffle-phone.png', { fullPage: true });
      await page.getByRole('button', { name: 'Crear rifa' }).click();

      await expect(page).toHaveURL(/\/dashboard\/admin$/);
      const card = page.getByTestId('staff-raffle-card').filter({ hasText: name });
      await expect(card.getByText('0% vendido')).toBeVisible();
      await expect(card.getByText('Cuotas (4)', { exact: false })).toBeVisible();
      await screenshot(page, 'dashboard-phone.png', { fullPage: true });
    });
  });
});
