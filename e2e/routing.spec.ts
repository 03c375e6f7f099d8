import {
  createStaffUser,
  expect,
  PHONE_VIEWPORT,
  screenshot,
  signInWithForm,
  test,
  withAdminSession,
} from './fixtures';

test.describe('routes and access', () => {
  test('an unknown path shows the not-found screen with a link home', { tag: '@screenshots' }, async ({
    page,
  }) => {
    await page.goto('/esto/no/existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await screenshot(page, 'not-found-desktop.png', { fullPage: true });
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    const header = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(header.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Consultar tickets' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Acceso staff' })).toBeVisible();
    await screenshot(page, 'home-desktop.png', { fullPage: true });
  });

  test('old seller links go to the dashboard', async ({ page }) => {
    await withAdminSession(page);
    await page.goto('/dashboard/vendedor/x');
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.goto('/dashboard/vendedor');
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });

    test('a vendedor sees only staff items and is sent home from the users screen', {
      tag: '@screenshots',
    }, async ({ page, request }) => {
      const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
      await page.goto('/login');
      await screenshot(page, 'login-phone.png', { fullPage: true });
      await signInWithForm(page, seller.email, seller.password);
      await expect(page).toHaveURL(/\/dashboard\/admin$/);

      await page.getByRole('button', { name: 'Menú', exact: true }).click();
      const menu = page.getByRole('dialog').getByRole('navigation', { name: 'Menú del panel' });
      await expect(menu.getByRole('link', { name: 'Crear rifa' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Historial' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Mis ventas' })).toBeVisible();
      for (const hidden of [
        'Pagos',
        'Conciliación',
        'Vendedores',
        'Usuarios',
        'Auditoría',
        'Banco de pruebas',
      ]) {
        await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
      }
      await expect(page.getByRole('dialog').getByText('Valentina Rojas', { exact: true })).toBeVisible();
      await screenshot(page, 'dashboard-menu-phone.png');
      await page.keyboard.press('Escape');

      await page.goto('/dashboard/admin/users');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ir al panel' })).toBeVisible();
      await screenshot(page, 'home-phone.png', { fullPage: true });
    });

    test('the not-found screen fits a phone', { tag: '@screenshots' }, async ({ page }) => {
      await page.goto('/dashboard/admin/no-existe');
      // Unknown dashboard paths are not protected screens: they are simply not found.
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
      await screenshot(page, 'not-found-phone.png', { fullPage: true });
    });
  });
});
