import {
  ADMIN,
  apiSignIn,
  createStaffUser,
  expect,
  screenshot,
  signInAsAdminWithForm,
  signInWithForm,
  test,
  toast,
} from './fixtures';

test.describe('sign-in and sign-out', () => {
  test('signing in shows the success toast and opens the dashboard', { tag: '@screenshots' }, async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Rifas — Rifas virtuales garantizadas');
    await expect(page.getByRole('heading', { name: 'Acceso staff' })).toBeVisible();
    await screenshot(page, 'login-desktop.png', { fullPage: true });

    await signInWithForm(page, ADMIN.email, ADMIN.password);
    await expect(toast(page, 'Sesión iniciada', 'Has iniciado sesión correctamente')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menú del panel' });
    // "Pagos" carries the pending count when earlier tests left payments to review.
    for (const item of [
      'Panel',
      'Crear rifa',
      'Historial',
      'Pagos',
      'Conciliación',
      'Vendedores',
      'Usuarios',
      'Auditoría',
      'Banco de pruebas',
    ]) {
      await expect(menu.getByRole('link', { name: new RegExp(`^${item}( \\(|$)`) })).toBeVisible();
    }
    await expect(page.getByText('Administrador · admin@e2e.test')).toBeVisible();
    await screenshot(page, 'dashboard-desktop.png', { fullPage: true });

    // The session survives a reload (stored in localStorage).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  });

  test('a wrong password shows the sign-in error toast with the server message', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ADMIN.email, 'NoEsLaClave1');
    await expect(
      toast(page, 'Error de inicio de sesión', 'Correo, teléfono o contraseña incorrectos'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  });

  test('empty fields are caught before calling the server, in Spanish', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Escribe tu correo electrónico o tu teléfono')).toBeVisible();
    await expect(page.getByText('Escribe tu contraseña')).toBeVisible();
  });

  test('a protected page sends to /login and comes back after signing in', async ({ page }) => {
    await page.goto('/dashboard/admin/users');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  });

  test('signing out shows the toast and returns to /login', async ({ page, request }) => {
    // An admin of its own: "Cerrar sesión" ends every session of its user, and the seeded admin's
    // are the ones the tests running beside this one use (seen in CI: a dashboard sent to /login).
    const admin = await createStaffUser(request, { full_name: 'Marta Suárez', role: 'admin' });
    await page.goto('/login');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(toast(page, 'Sesión cerrada', 'Has cerrado sesión correctamente')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // The session is gone: the dashboard asks to sign in again.
    await page.goto('/dashboard/admin');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('rifas.auth.session'))).toBeNull();
  });

  test('a staff member can sign in with their phone number in the same field', async ({ page, request }) => {
    const seller = await createStaffUser(request, { full_name: 'Pedro Salas', phone: '0424-7654321' });
    await page.goto('/login');
    await signInWithForm(page, '0424 765 4321', seller.password);
    await expect(toast(page, 'Sesión iniciada')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
  });

  test('a rejected access token is refreshed once and the request retried', async ({ page }) => {
    await signInAsAdminWithForm(page);
    const before = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('rifas.auth.session') ?? 'null'),
    );
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('rifas.auth.session') ?? '{}');
      stored.session.access_token = 'token-invalido';
      localStorage.setItem('rifas.auth.session', JSON.stringify(stored));
    });
    await page.goto('/dashboard/admin/users');
    await expect(page.getByRole('row').filter({ hasText: 'admin@e2e.test' })).toBeVisible();
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('rifas.auth.session') ?? 'null'));
    expect(after.session.refresh_token).not.toBe(before.session.refresh_token);
    expect(after.session.access_token).not.toBe('token-invalido');
  });

  test('a session ended elsewhere sends the user back to /login', async ({ page, request }) => {
    // An admin of its own: a global sign-out of the seeded admin would end the sessions of the
    // tests running beside this one.
    const admin = await createStaffUser(request, { full_name: 'Marta Suárez', role: 'admin' });
    await page.goto('/login');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    // Signing in again through the API and signing out globally ends every session of this admin.
    const other = await apiSignIn(request, admin.email, admin.password);
    const response = await request.post('/api/auth/sign-out', {
      data: { scope: 'global' },
      headers: { Authorization: `Bearer ${other.access_token}` },
    });
    expect(response.status()).toBe(204);
    await page.goto('/dashboard/admin/users');
    await expect(page).toHaveURL(/\/login$/);
  });
});
