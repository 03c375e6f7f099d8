import type { Page } from '@playwright/test';
import { expect, finiteAnimationsDone, screenshot, signInAsAdmin, test } from './fixtures';
import {
  createRaffleViaApi,
  patchNumberViaApi,
  rejectedPayment,
  reserveViaApi,
  saleId,
  uniqueRaffleName,
} from './raffle-seed';
import { ANA, chip, JOSE, rows, ticketsUrl } from './sold-tickets-helpers';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * What axe-core's serious rules would catch first, read from Chromium's own accessibility tree (axe
 * is not installed here): every control has a name, ids are unique, nothing is wider than the screen.
 */
async function expectAccessible(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
  };
  await cdp.detach();
  const controls = new Set(['button', 'link', 'textbox', 'searchbox', 'combobox', 'menuitem', 'checkbox']);
  const unnamed = nodes.filter(
    (n) => !n.ignored && controls.has(n.role?.value ?? '') && !String(n.name?.value ?? '').trim(),
  );
  expect(unnamed.map((n) => n.role?.value)).toEqual([]);
  const problems = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    const overflow = document.documentElement.scrollWidth > window.innerWidth;
    return { duplicates, overflow };
  });
  expect(problems).toEqual({ duplicates: [], overflow: false });
}

/** Tap targets of this screen (list, chips, search, dialogs) are at least 40x40 px. */
async function expectTapTargets(page: Page) {
  // Measured once opening animations end: a dialog zooming in from 95 % reads 38 px for a 40 px button.
  await finiteAnimationsDone(page);
  const small = await page.evaluate(() => {
    const scopes = [
      ...document.querySelectorAll(
        'main section, main fieldset, main header, [role="dialog"], [role="alertdialog"]',
      ),
    ];
    const targets = scopes.flatMap((scope) => [...scope.querySelectorAll('button, a[href], input')]);
    return targets
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false; // not rendered
        // The shared page header's breadcrumbs and phone "Volver" link are text links of every screen.
        if (el.closest('nav[aria-label="Ruta de navegación"]') || el.textContent?.trim() === 'Volver')
          return false;
        return box.width < 40 || box.height < 40;
      })
      .map((el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`);
  });
  expect(small).toEqual([]);
}

test.describe('sold tickets (staff)', () => {
  // Each test seeds its raffle, signs in and walks a whole task; the shared machine is slow.
  test.describe.configure({ timeout: 60_000 });

  test('screenshots at 412 and 1440 px, accessible and without horizontal overflow', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Gran Rifa Navideña: Moto Yamaha DT 175 y dos teléfonos'),
      total_numbers: 1000,
      digit_count: 3,
      price_cents: 1000,
      draw_source: 'Triple Táchira A, 10:00 p. m.',
      organizer_name: 'Rifas El Trébol',
      contact_phone: '0414-7654321',
    });
    const buyers = [
      {
        buyer: {
          name: 'María Alejandra Fernández de los Ángeles',
          cedula: 'V-18456789',
          phone: '0414-7654321',
        },
        numbers: [100, 103, 106, 109],
      },
      { buyer: JOSE, numbers: [7, 77, 777] },
      { buyer: ANA, numbers: [50] },
      { buyer: { name: 'Luis Gómez', cedula: 'E-84123456', phone: '0416-9998877' }, numbers: [321, 322] },
      {
        buyer: { name: 'Carmen Sofía Briceño', cedula: 'V-12345679', phone: '0426-3334455' },
        numbers: [999],
      },
    ];
    for (const { buyer, numbers } of buyers) await reserveViaApi(request, raffle.id, numbers, buyer);
    const patch = (number: number, data: Record<string, unknown>) =>
      patchNumberViaApi(request, raffle.id, number, data);
    await patch(7, { status: 'pagado', note: 'Pago móvil verificado' });
    await patch(321, { status: 'pagado' });
    await patch(50, {
      status: 'abonado',
      // Money is recorded, never typed (issue 18): an abono of $4 of the $10 price.
      amount_cents: 400,
      payment_method: 'zelle',
      note: 'Abonó $4 por Zelle',
    });
    await patch(999, { status: 'cancelado' });
    await rejectedPayment(
      request,
      await saleId(request, raffle.id, 100),
      'V-18456789',
      1000,
      'La referencia no aparece en el banco',
    );

    await signInAsAdmin(page);
    for (const [suffix, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${ticketsUrl(raffle.id)}?estado=todos`);
      await expect(rows(page).first()).toBeVisible();
      await chip(page, 'Vendidos').click();
      await expect(rows(page)).toHaveCount(10);
      await expectAccessible(page);
      await expectTapTargets(page);
      await screenshot(page, `issue-6/tickets-${suffix}.png`, { fullPage: viewport === DESKTOP });
    }

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Ver detalle del número 100' }).click();
    const panel = page.getByRole('dialog', { name: /Número 100/ });
    await expect(panel.getByTestId('ticket-payments')).toContainText('La referencia no aparece en el banco');
    await expect(panel.getByTestId('ticket-history')).toBeVisible();
    await expectAccessible(page);
    await expectTapTargets(page);
    await screenshot(page, 'issue-6/tickets-panel-412.png');

    await panel.getByRole('button', { name: 'Imprimir ticket' }).click();
    const preview = page.getByRole('dialog', { name: 'Ticket del número 100' });
    await expect(preview.getByTestId('staff-printable-ticket')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'issue-6/tickets-print-412.png');

    // On a wide screen the panel is a side panel on the right.
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Ver detalle del número 050' }).click();
    await expect(page.getByRole('dialog', { name: /Número 050/ })).toBeVisible();
    await expect(page.getByTestId('ticket-history')).toContainText('Abonó $4 por Zelle');
    await expectAccessible(page);
    await screenshot(page, 'issue-6/tickets-panel-1440.png');
  });
});
