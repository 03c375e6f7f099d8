import { expect, screenshot, signInAsAdmin, test } from './fixtures';
import { SIZES } from './raffle-lifecycle-helpers';
import { createRaffleViaApi, patchNumberViaApi, uniqueRaffleName } from './raffle-seed';
import { openMenu, row, ticketsUrl } from './sold-tickets-helpers';

// A number taken back to apartado stays its buyer's, so all its money goes back: the dialog asks
// only why (no «Sin reembolso», no amount). A draft raffle says up front it sells nothing yet.

test('back to apartado refunds all that was paid, with only a reason to give', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  test.setTimeout(60_000);
  const raffle = await createRaffleViaApi(request, {
    name: uniqueRaffleName('Moto Bera'),
    total_numbers: 100,
    digit_count: 2,
    price_cents: 1250,
  });
  const paid = {
    buyer_name: 'José Ángel Rodríguez',
    buyer_cedula: 'V-20111222',
    buyer_phone: '0412-5556677',
  };
  await patchNumberViaApi(request, raffle.id, 3, { ...paid, status: 'pagado' });
  await patchNumberViaApi(request, raffle.id, 4, { ...paid, status: 'pagado' });

  await signInAsAdmin(page);
  // One number a size: each goes back to apartado once.
  for (const [i, [suffix, viewport]] of SIZES.entries()) {
    const label = i === 0 ? '03' : '04';
    await page.setViewportSize(viewport);
    await page.goto(ticketsUrl(raffle.id));
    await openMenu(page, label);
    await page.getByRole('menuitem', { name: 'Marcar como apartado' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Pasar el número ${label} a apartado` });
    await expect(
      dialog.getByText(/Un número apartado no tiene pagos: se reembolsan los \$\s?12,50\./),
    ).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await expect(dialog.getByLabel('Monto a reembolsar (USD)')).toHaveCount(0);
    await dialog.getByLabel('Motivo').fill('Pago registrado por error');
    await screenshot(page, `refund-back-to-reserved/dialog-${suffix}.png`);
    await dialog.getByRole('button', { name: 'Confirmar: pasar a apartado' }).click();
    await expect(row(page, label).getByText('Apartado', { exact: true })).toBeVisible();
  }
});

test('a draft raffle’s list says it sells nothing until it is activa', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  const draft = await createRaffleViaApi(request, { name: uniqueRaffleName('Borrador'), status: 'borrador' });
  await signInAsAdmin(page);
  for (const [suffix, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto(ticketsUrl(draft.id));
    await expect(page.getByTestId('tickets-draft')).toHaveText(
      'La rifa es un borrador: actívala antes de apartar o vender números.',
    );
    await screenshot(page, `refund-back-to-reserved/draft-${suffix}.png`);
  }
});
