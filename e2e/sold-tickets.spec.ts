import fs from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiSignIn,
  createStaffUser,
  expect,
  signInAsAdmin,
  signInWithForm,
  test,
  toast,
} from './fixtures';
import { cell, openRaffle } from './raffle-helpers';
import { createRaffleViaApi, patchNumberViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

/** The id of a number's live sale (a number nobody holds has none). */
async function saleId(request: APIRequestContext, raffleId: string, number: number): Promise<string> {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const list = await request.get(`/api/raffles/${raffleId}/tickets`, {
    params: { search: String(number), per_page: 50 },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(list.status(), await list.text()).toBe(200);
  const ticket = ((await list.json()).items as { id: string | null; number: number }[]).find(
    (t) => t.number === number,
  );
  expect(ticket?.id, `sale of ${number}`).toBeTruthy();
  return ticket?.id ?? '';
}

const SHOTS = 'docs/screenshots/issue-6';
const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };

const CSV_HEADER =
  'Número;Estado;Comprador;Teléfono;Cédula;Correo;Dirección;Método de pago;Pagado (USD);Pendiente (USD);Fecha de compra;Apartado hasta';

const JOSE = { name: 'José Ángel Rodríguez', cedula: 'V-20111222', phone: '0412-5556677' };
const ANA = { name: 'Ana Pérez', cedula: 'V-9876543', phone: '0424-1112233' };

const ticketsUrl = (raffleId: string) => `/dashboard/admin/tickets/${raffleId}`;

/** The ticket's id, found as the admin by raffle and number. */

/** A payment the buyer reported (proved by the cedula), then rejected by the admin with a reason. */
async function rejectedPayment(
  request: APIRequestContext,
  ticket: string,
  cedula: string,
  amountCents: number,
  reason: string,
) {
  const sent = await request.post('/api/payments', {
    data: { ticket_id: ticket, amount_cents: amountCents, cedula, reference: '00123456' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { payment } = await sent.json();
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const review = await request.patch(`/api/payments/${payment.id}`, {
    data: { status: 'rejected', reason },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(review.status(), await review.text()).toBe(200);
}

/** The list's rows (table rows on wide screens, cards on phones). */
const rows = (page: Page) => page.getByTestId('ticket-row');
const row = (page: Page, label: string) =>
  rows(page).filter({
    has: page.getByRole('button', { name: `Ver detalle del número ${label}`, exact: true }),
  });
const chip = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}: \\d+$`) });

async function openMenu(page: Page, label: string) {
  await page.getByRole('button', { name: `Acciones del número ${label}`, exact: true }).click();
}

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

  test('a vendedor finds a buyer, releases a number after confirming, and it is on sale again', async ({
    page,
    request,
  }) => {
    const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
    const raffle = await createRaffleViaApi(
      request,
      { name: uniqueRaffleName('Moto Bera'), total_numbers: 200, digit_count: 3, price_cents: 500 },
      seller,
    );
    await reserveViaApi(request, raffle.id, [7, 12], JOSE);
    await reserveViaApi(request, raffle.id, [50], ANA);

    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.goto(ticketsUrl(raffle.id));
    await expect(page.getByRole('heading', { level: 1, name: 'Tickets vendidos' })).toBeVisible();
    await expect(page.getByText(raffle.name).first()).toBeVisible();
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByText('3 números', { exact: true })).toBeVisible();
    await expect(chip(page, 'Vendidos')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'Vendidos')).toHaveAccessibleName('Vendidos: 3');
    await expect(chip(page, 'Disponible')).toHaveAccessibleName('Disponible: 197');

    // Search by cedula: only José's numbers, the term in the URL.
    await page.getByLabel('Buscar').fill('20111222');
    await expect(page).toHaveURL(/buscar=20111222/);
    await expect(rows(page)).toHaveCount(2);
    const seven = row(page, '007');
    await expect(seven).toContainText('José Ángel Rodríguez');
    await expect(seven).toContainText('Apartado');
    await expect(seven).toContainText('V-20111222');
    await expect(seven.getByRole('link', { name: 'Escribir por WhatsApp al 0412-5556677' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/584125556677\?text=/,
    );

    // Release 007: the dialog names the number and the buyer; nothing changes until confirmed.
    await openMenu(page, '007');
    await page.getByRole('menuitem', { name: 'Liberar número' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Liberar el número 007?' });
    await expect(confirm).toContainText('José Ángel Rodríguez perderá el número 007');
    await confirm.getByRole('button', { name: 'No, volver' }).click();
    await expect(confirm).toBeHidden();
    await expect(rows(page)).toHaveCount(2);

    await openMenu(page, '007');
    await page.getByRole('menuitem', { name: 'Liberar número' }).click();
    await confirm.getByRole('button', { name: 'Sí, liberar' }).click();
    await expect(toast(page, 'Número 007 liberado: vuelve a estar disponible')).toBeVisible();
    await expect(confirm).toBeHidden();
    // The buyer's data went with it: José now holds only 012.
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, '012')).toBeVisible();

    // The row itself: every status, number 007.
    await chip(page, 'Todos').click();
    await page.getByLabel('Buscar').fill('007');
    await expect(page).toHaveURL(/estado=todos.*buscar=007|buscar=007.*estado=todos/);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, '007')).toContainText('Disponible');
    await expect(row(page, '007')).toContainText('Sin comprador');

    // And the public board sells it again.
    await openRaffle(page, raffle.id, { live: false });
    await expect(cell(page, '007')).toBeVisible();
  });

  test('marking pagado pays the price in full; chips filter and the URL keeps them', async ({
    page,
    request,
  }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Televisor 55'),
      total_numbers: 100,
      digit_count: 2,
      price_cents: 1250,
    });
    await reserveViaApi(request, raffle.id, [3], JOSE);
    await reserveViaApi(request, raffle.id, [4, 5], ANA);

    await signInAsAdmin(page);
    await page.goto(ticketsUrl(raffle.id));
    await expect(rows(page)).toHaveCount(3);
    await expect(row(page, '03')).toContainText('$0,00');
    await expect(row(page, '03')).toContainText('$12,50');

    // Someone else got there first: the server's Spanish 409 shows, and the list is read again.
    const conflict = 'El ticket cambió mientras lo revisabas. Vuelve a intentarlo.';
    await page.route(
      '**/api/raffles/*/numbers/*',
      (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 409, json: { error: { code: 'TICKET_CHANGED', message: conflict } } })
          : route.continue(),
      { times: 1 },
    );
    const refetched = page.waitForRequest(
      (r) => r.method() === 'GET' && r.url().includes(`/api/raffles/${raffle.id}/tickets?`),
    );
    await openMenu(page, '03');
    await page.getByRole('menuitem', { name: 'Marcar como pagado' }).click();
    await expect(toast(page, 'No se pudo actualizar el ticket', conflict)).toBeVisible();
    await refetched;
    await expect(row(page, '03')).toContainText('Apartado');

    await openMenu(page, '03');
    await page.getByRole('menuitem', { name: 'Marcar como pagado' }).click();
    await expect(toast(page, 'Número 03: ahora está pagado')).toBeVisible();
    const paid = row(page, '03');
    await expect(paid).toContainText('Pagado');
    // Paid = the price, owed = 0 (the only two amounts left in the row).
    await expect(paid).toContainText('$12,50');
    await expect(paid).toContainText('$0,00');
    await expect(paid.getByText('$12,50')).toHaveClass(/text-green-800/);
    await expect(chip(page, 'Pagado')).toHaveAccessibleName('Pagado: 1');
    await expect(chip(page, 'Apartado')).toHaveAccessibleName('Apartado: 2');

    await chip(page, 'Pagado').click();
    await expect(page).toHaveURL(/estado=pagado/);
    await expect(chip(page, 'Pagado')).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, '03')).toBeVisible();

    await chip(page, 'Apartado').click();
    await expect(page).toHaveURL(/estado=apartado/);
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, '03')).toHaveCount(0);

    // Back returns to the previous chip; a reload keeps it.
    await page.goBack();
    await expect(page).toHaveURL(/estado=pagado/);
    await expect(rows(page)).toHaveCount(1);
    await page.reload();
    await expect(chip(page, 'Pagado')).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(page)).toHaveCount(1);

    // A chip with nothing in it says so and offers the way back.
    await chip(page, 'Cancelado').click();
    await expect(page.getByText('No hay números con ese filtro')).toBeVisible();
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page).toHaveURL(new RegExp(`${ticketsUrl(raffle.id)}$`));
    await expect(rows(page)).toHaveCount(3);
  });

  test('the CSV export downloads every filtered row with BOM and the Spanish header', async ({
    page,
    request,
  }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Rifa Navideña Ñandú'),
      total_numbers: 100,
      digit_count: 2,
      price_cents: 500,
    });
    await reserveViaApi(request, raffle.id, [3], JOSE);
    await reserveViaApi(request, raffle.id, [4, 5, 6], ANA);
    await patchNumberViaApi(request, raffle.id, 6, { status: 'pagado' });

    await signInAsAdmin(page);
    await page.goto(`${ticketsUrl(raffle.id)}?estado=apartado&buscar=9876543`);
    await expect(rows(page)).toHaveCount(2);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^rifa-rifa-navidena-nandu-[a-z0-9-]+-tickets-apartado\.csv$/,
    );
    const csv = await fs.readFile((await download.path()) ?? '', 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    // Ana's two reserved numbers; not José's 03, not her paid 06.
    expect(lines.slice(1).map((line) => line.split(';').slice(0, 5).join(';'))).toEqual([
      '04;apartado;ana pérez;0424-1112233;V-9876543',
      '05;apartado;ana pérez;0424-1112233;V-9876543',
    ]);
    expect(lines[1]).toContain(';0,00;5,00;');
    await expect(toast(page, `Descargado ${download.suggestedFilename()}`)).toBeVisible();
  });

  test('buyer data is edited with Spanish field errors; the panel shows payments and history; the staff ticket prints with a QR', async ({
    page,
    request,
    baseURL,
  }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Moto Yamaha'),
      total_numbers: 100,
      digit_count: 2,
      price_cents: 1000,
      draw_source: 'Triple Táchira A, 10:00 p. m.',
    });
    await reserveViaApi(request, raffle.id, [21], ANA);
    await rejectedPayment(
      request,
      await saleId(request, raffle.id, 21),
      ANA.cedula,
      500,
      'El comprobante no corresponde',
    );

    await signInAsAdmin(page);
    await page.goto(ticketsUrl(raffle.id));
    await openMenu(page, '21');
    await page.getByRole('menuitem', { name: 'Editar comprador' }).click();
    const form = page.getByRole('dialog', { name: 'Comprador del número 21' });
    await expect(form.getByLabel('Nombre y apellido')).toHaveValue('Ana Pérez');
    await form.getByLabel('Teléfono').fill('123');
    await form.getByLabel('Nombre y apellido').fill('');
    await form.getByRole('button', { name: 'Guardar datos' }).click();
    await expect(form.getByText('Teléfono inválido: usa el formato 0414-1234567')).toBeVisible();
    await expect(form.getByText('Escribe el nombre y apellido del comprador')).toBeVisible();
    await form.getByLabel('Nombre y apellido').fill('Ana María Pérez de León');
    await form.getByLabel('Teléfono').fill('0424 999 8877');
    await form.getByLabel('Correo (opcional)').fill('ana@example.com');
    await form.getByRole('button', { name: 'Guardar datos' }).click();
    await expect(toast(page, 'Datos del comprador del número 21 guardados')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row(page, '21')).toContainText('Ana María Pérez de León');
    await expect(row(page, '21')).toContainText('0424-9998877');

    // The side panel: buyer, the rejected payment with its reason, and who changed what.
    await page.getByRole('button', { name: 'Ver detalle del número 21' }).click();
    const panel = page.getByRole('dialog', { name: /Número 21/ });
    await expect(panel).toContainText('ana@example.com');
    const payments = panel.getByTestId('ticket-payments');
    await expect(payments).toContainText('$5,00');
    await expect(payments).toContainText('Rechazado');
    await expect(payments).toContainText('Motivo: El comprobante no corresponde');
    const history = panel.getByTestId('ticket-history');
    await expect(history.getByRole('listitem').first()).toContainText('Datos del ticket actualizados');
    await expect(history.getByRole('listitem').first()).toContainText(ADMIN.email);
    await expect(history.getByRole('listitem').last()).toContainText('Apartado');

    // The staff ticket: a preview with the QR to tracking, and window.print prints only it.
    await panel.getByRole('button', { name: 'Imprimir ticket' }).click();
    const preview = page.getByRole('dialog', { name: 'Ticket del número 21' });
    const ticket = preview.getByTestId('staff-printable-ticket');
    await expect(ticket).toContainText('Ana María Pérez de León');
    await expect(ticket).toContainText('V-9876543');
    await expect(ticket).toContainText('Triple Táchira A, 10:00 p. m.');
    await expect(ticket.getByRole('img', { name: 'Código QR para consultar el ticket' })).toBeVisible();
    await expect(ticket.getByTestId('ticket-qr')).toHaveAttribute(
      'data-url',
      `${baseURL}/tracking?cedula=V-9876543`,
    );
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed += 1;
      };
    });
    await preview.getByRole('button', { name: 'Imprimir', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#staff-ticket-print')).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    await expect(preview).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('#staff-ticket-print')).toBeHidden();

    // The QR opens tracking with the cedula filled in.
    await page.goto(`/tracking?cedula=${ANA.cedula}`);
    await expect(page.getByRole('textbox', { name: 'Cédula' })).toHaveValue(/9876543/);
  });

  test('loading, a failed load with retry, and another seller’s raffle', async ({ page, request }) => {
    const seller = await createStaffUser(request, { full_name: 'Valentina Rojas' });
    const foreign = await createRaffleViaApi(request, { name: uniqueRaffleName('Rifa del admin') });

    await page.goto('/login');
    await signInWithForm(page, seller.email, seller.password);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.goto(ticketsUrl(foreign.id));
    await expect(page.getByRole('heading', { name: 'Esta rifa no es tuya' })).toBeVisible();
    await expect(page.getByText('Solo puedes gestionar tus propias rifas.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al panel' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toHaveCount(0);

    // The seller's own raffle: the first answer is slow, then fails (and so does the automatic
    // retry of a 5xx); "Reintentar" loads it.
    const own = await createRaffleViaApi(request, { name: uniqueRaffleName('Rifa de Valentina') }, seller);
    let calls = 0;
    await page.route(`**/api/raffles/${own.id}/tickets?**`, async (route) => {
      calls += 1;
      if (calls > 2) return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return route.fulfill({
        status: 500,
        json: {
          error: {
            code: 'INTERNAL',
            message: 'Ocurrió un error interno. Inténtalo de nuevo en unos minutos.',
          },
        },
      });
    });
    await page.goto(ticketsUrl(own.id));
    await expect(page.getByTestId('tickets-skeleton')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No pudimos cargar los números' })).toBeVisible();
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByText('No hay números con ese filtro')).toBeVisible();
    await expect(page.getByText('Todavía nadie ha apartado números de esta rifa.')).toBeVisible();
    await page.getByRole('button', { name: 'Ver todos los números' }).click();
    await expect(page).toHaveURL(/estado=todos/);
    await expect(page.getByText('Mostrando 1–25 de 100 números')).toBeVisible();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/pagina=2/);
    await expect(page.getByText('Mostrando 26–50 de 100 números')).toBeVisible();

    // A number on sale is reserved for a buyer who paid in person or by chat.
    await openMenu(page, '30');
    await page.getByRole('menuitem', { name: 'Apartar para un comprador' }).click();
    const form = page.getByRole('dialog', { name: 'Apartar el número 30' });
    await form.getByLabel('Nombre y apellido').fill('Pedro Salas');
    await form.getByLabel('Teléfono').fill('0414-5550000');
    await form.getByLabel('Cédula').fill('V-11222333');
    await form.getByRole('button', { name: 'Apartar número' }).click();
    await expect(toast(page, 'Número 30: ahora está apartado')).toBeVisible();
    await expect(row(page, '30')).toContainText('Apartado');
    await expect(row(page, '30')).toContainText('Pedro Salas');
    await expect(row(page, '30')).toContainText('$5,00');
  });

  test('screenshots at 412 and 1440 px, accessible and without horizontal overflow', async ({
    page,
    request,
  }) => {
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
      total_paid_cents: 400,
      remaining_cents: 600,
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
      await page.screenshot({ path: `${SHOTS}/tickets-${suffix}.png`, fullPage: viewport === DESKTOP });
    }

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Ver detalle del número 100' }).click();
    const panel = page.getByRole('dialog', { name: /Número 100/ });
    await expect(panel.getByTestId('ticket-payments')).toContainText('La referencia no aparece en el banco');
    await expect(panel.getByTestId('ticket-history')).toBeVisible();
    await expectAccessible(page);
    await expectTapTargets(page);
    await page.screenshot({ path: `${SHOTS}/tickets-panel-412.png` });

    await panel.getByRole('button', { name: 'Imprimir ticket' }).click();
    const preview = page.getByRole('dialog', { name: 'Ticket del número 100' });
    await expect(preview.getByTestId('staff-printable-ticket')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/tickets-print-412.png` });

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
    await page.screenshot({ path: `${SHOTS}/tickets-panel-1440.png` });
  });
});
