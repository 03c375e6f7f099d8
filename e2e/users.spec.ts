import {
  createStaffUser,
  expect,
  PHONE_VIEWPORT,
  screenshot,
  signInAsAdmin,
  test,
  toast,
  uniqueEmail,
  withAdminSession,
} from './fixtures';

test.describe('user management (admin)', () => {
  test('admin creates a user, first seeing why the password is weak', { tag: '@screenshots' }, async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Menú del panel' })
      .getByRole('link', { name: 'Usuarios' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Administrador/ }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
    const email = uniqueEmail('carlos');
    await dialog.getByLabel('Nombre completo').fill('Carlos Méndez');
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByLabel('Teléfono (opcional)').fill('0414 555 1234');
    await dialog.getByLabel('Contraseña', { exact: true }).fill('abc');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();

    // The server's reasons, one per line under the password field.
    await expect(dialog.getByText('Debe tener al menos 8 caracteres')).toBeVisible();
    await screenshot(page, 'users-weak-password-desktop.png');

    await dialog.getByLabel('Contraseña', { exact: true }).fill('Sorteo2026Seguro');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(toast(page, 'Usuario creado')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Carlos Méndez');
    await expect(row).toContainText('0414-5551234');
    await expect(row).toContainText('Activo');
    await expect(row.getByRole('combobox', { name: 'Rol de Carlos Méndez' })).toHaveText('Vendedor');
    await screenshot(page, 'users-desktop.png', { fullPage: true });

    // A duplicate e-mail is refused with the server's message under the field.
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await dialog.getByLabel('Nombre completo').fill('Otro Carlos');
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('Sorteo2026Seguro');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(dialog.getByText('Ya existe un usuario con ese correo')).toBeVisible();
  });

  test('admin disables a user after confirming by name, and enables them again', async ({ page }) => {
    await withAdminSession(page);
    await page.goto('/dashboard/admin/users');
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
    const email = uniqueEmail('lucia');
    await dialog.getByLabel('Nombre completo').fill('Lucía Herrera');
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('Premio2026Grande');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Acciones para Lucía Herrera' }).click();
    await page.getByRole('menuitem', { name: 'Desactivar' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Desactivar a Lucía Herrera?' });
    await confirm.getByRole('button', { name: 'Sí, desactivar' }).click();
    await expect(toast(page, 'Lucía Herrera fue desactivado')).toBeVisible();
    await expect(row).toContainText('Desactivado');

    await row.getByRole('button', { name: 'Acciones para Lucía Herrera' }).click();
    await page.getByRole('menuitem', { name: 'Activar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, activar' }).click();
    await expect(row).toContainText('Activo');
  });

  test('admin changes a role and resets a password, seeing the weak-password reasons', async ({
    page,
    request,
  }) => {
    const seller = await createStaffUser(request, { full_name: 'Andrés Pinto' });
    await withAdminSession(page);
    await page.goto('/dashboard/admin/users');
    const row = page.getByRole('row').filter({ hasText: seller.email });

    await row.getByRole('combobox', { name: 'Rol de Andrés Pinto' }).click();
    await page.getByRole('option', { name: 'Administrador' }).click();
    await expect(toast(page, 'Rol actualizado', 'Andrés Pinto ahora es Administrador.')).toBeVisible();
    await expect(row.getByRole('combobox', { name: 'Rol de Andrés Pinto' })).toHaveText('Administrador');

    await row.getByRole('button', { name: 'Acciones para Andrés Pinto' }).click();
    await page.getByRole('menuitem', { name: 'Restablecer contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva contraseña para Andrés Pinto' });
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('password');
    await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(dialog.getByText(/^Es fácil de adivinar/)).toBeVisible();
    await expect(dialog.getByText('Es de las contraseñas más usadas.')).toBeVisible();
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('OtraClave2026');
    await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(toast(page, 'Contraseña actualizada')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The new password works, the old one no longer does.
    const ok = await request.post('/api/auth/sign-in', {
      data: { email: seller.email, password: 'OtraClave2026' },
    });
    expect(ok.status()).toBe(200);
    const old = await request.post('/api/auth/sign-in', {
      data: { email: seller.email, password: seller.password },
    });
    expect(old.status()).toBe(400);
  });

  test('on a phone the users are cards', { tag: '@screenshots' }, async ({ page }) => {
    await page.setViewportSize(PHONE_VIEWPORT);
    await withAdminSession(page);
    await page.goto('/dashboard/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: 'admin@e2e.test' })).toBeVisible();
    await screenshot(page, 'users-phone.png', { fullPage: true });
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await expect(page.getByRole('dialog', { name: 'Nuevo usuario' })).toBeVisible();
    await screenshot(page, 'users-create-phone.png');
  });
});
