import AxeBuilder from '@axe-core/playwright';
import { expect, screenshot, signInAsAdmin, test } from './fixtures';
import { createRaffleViaApi, patchNumberViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 19: the tamper-evident audit log. Every staff action is chained; the admin reads it,
// filtered, and has the server recompute the whole chain.
const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };

test.use({ viewport: DESKTOP });

test('an admin finds the action just made in the audit log and verifies the chain intact', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  const raffle = await createRaffleViaApi(request, {
    name: uniqueRaffleName('Rifa auditada'),
    status: 'activa',
  });
  await reserveViaApi(request, raffle.id, [7]);
  await patchNumberViaApi(request, raffle.id, 7, { status: 'pagado' });

  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Menú del panel' })
    .getByRole('link', { name: 'Auditoría' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/admin\/audit$/);

  // Filtered by the raffle: its creation and the staff's change of number 07, newest first.
  await page.getByLabel('Rifa').click();
  await page.getByRole('option', { name: raffle.name }).click();
  await expect(page).toHaveURL(new RegExp(`rifa=${raffle.id}`));
  // Table rows on a desktop, cards on a phone: both are in the page, one of them shown.
  const rows = page.getByTestId('audit-entry').filter({ visible: true });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Editar número');
  await expect(rows.first()).toContainText('PATCH /api/raffles/:id/numbers/:number');
  await expect(rows.first()).toContainText('admin@e2e.test');
  await expect(rows.first()).toContainText('status: pagado');
  await expect(rows.nth(1)).toContainText('Crear rifa');
  await expect(page.getByText('2 entradas')).toBeVisible();

  await page.getByRole('button', { name: 'Verificar cadena' }).click();
  await expect(page.getByTestId('audit-verdict')).toHaveText(/^Cadena íntegra \(\d+ entradas\)$/);

  // The admin's own sign-in is there too, found by its action.
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await page.getByLabel('Acción').fill('sign_in');
  await expect(page).toHaveURL(/accion=sign_in/);
  await expect(rows.first()).toContainText('Inicio de sesión');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await page.goto(`/dashboard/admin/audit?rifa=${raffle.id}`);
  await page.getByRole('button', { name: 'Verificar cadena' }).click();
  await expect(page.getByTestId('audit-verdict')).toContainText('Cadena íntegra');
  await screenshot(page, 'issue-19/audit-1440.png', { fullPage: true });

  await page.setViewportSize(PHONE);
  // Phones get one card per entry, with the same facts.
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('Editar número');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'issue-19/audit-412.png', { fullPage: true });
});
