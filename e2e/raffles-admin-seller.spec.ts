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

    // Someone else's raffle: the form loads (it is public) but saving is refused (403).
    await page.goto(`/dashboard/admin/edit/${others.id}`);
    await expect(page.getByLabel('Nombre de la rifa')).toHaveValue(others.name);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const notYours = 'Solo puedes gestionar tus propias rifas.';
    await expect(toast(page, 'Error al actualizar la rifa', notYours)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: notYours })).toBeVisible();
  });
});
