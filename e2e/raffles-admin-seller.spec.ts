import { createStaffUser, expect, signInWithForm, test, toast } from './fixtures';
import { createRaffleViaApi, uniqueRaffleName } from './raffle-seed';

test.describe('raffle management (vendedor)', () => {
  test('a vendedor sees only their own raffles and cannot delete or edit others', async ({
    page,
    request,
  }) => {
    const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
    const theirs = await createRaffleViaApi(request, { name: uniqueRaffleName('Rifa de Valentina') }, seller);
    const others = await createRaffleViaApi(request, { name: uniqueRaffleName('Rifa del admin') });

    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    const cards = page.getByTestId('staff-raffle-card');
    await expect(cards.filter({ hasText: theirs.name })).toBeVisible();
    await expect(cards.filter({ hasText: others.name })).toHaveCount(0);
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await expect(page.getByText('Tus rifas: números vendidos')).toBeVisible();

    // Someone else's raffle: said on arrival, before any form is filled.
    await page.goto(`/dashboard/admin/edit/${others.id}`);
    await expect(page.getByText('Solo puedes gestionar tus propias rifas.')).toBeVisible();
    await expect(
      page.getByText(`«${others.name}» la gestiona otro vendedor.`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByLabel('Nombre de la rifa')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Volver a mis rifas' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin$/);

    // Their own raffle still opens the form.
    await page.goto(`/dashboard/admin/edit/${theirs.id}`);
    await expect(page.getByLabel('Nombre de la rifa')).toHaveValue(theirs.name);

    // An admin-only link sends them home with a toast that says why.
    await page.goto('/dashboard/admin/payments');
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, 'Esa pantalla es solo para administradores.')).toBeVisible();
  });
});
