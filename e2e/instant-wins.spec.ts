import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect as baseExpect, screenshot, test, toast, uniqueSerial, withAdminSession } from './fixtures';
import { cardsOf, decidedNote, openPayments } from './payments-helpers';
import { cell } from './raffle-helpers';
import {
  caracasInputDate,
  closeRaffleViaApi,
  createRaffleViaApi,
  patchNumberViaApi,
  reserveViaApi,
  uniqueRaffleName,
} from './raffle-seed';
import { openMenu, ticketsUrl } from './sold-tickets-helpers';

// Issue 23, decision 041: instant-win numbers committed before the first sale, won on full payment.

// One long journey through five screens on a shared 2-core machine: first loads of lazy pages are slow.
const expect = baseExpect.configure({ timeout: 20_000 });

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };
const PRIZE = 'Una gorra del Caracas FC';

/** A real 1x1 PNG: the server checks the content, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const context = (browser: Browser, viewport: { width: number; height: number }, phone: boolean) =>
  browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport,
    isMobile: phone,
    hasTouch: phone,
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
  });

/** A buyer no other spec uses, so tracking finds only this spec's numbers. */
function uniqueBuyer() {
  const digits = String(50_000_000 + (uniqueSerial() % 9_000_000));
  return { name: 'Luisa Márquez', phone: `0416-888${digits.slice(-4)}`, digits, last4: digits.slice(-4) };
}

async function lookUp(page: Page, buyer: ReturnType<typeof uniqueBuyer>) {
  await page.goto('/tracking');
  await page.getByLabel('Cédula', { exact: true }).fill(buyer.digits);
  await page.getByLabel('Últimos 4 dígitos de tu teléfono').fill(buyer.last4);
  await page.getByRole('button', { name: 'Consultar' }).click();
}

/** A raffle whose instant-win number 7 Ana Rivas (`cedula`) reserved and paid: it won its prize. */
async function sevenWon(request: APIRequestContext, name: string, cedula: string) {
  const raffle = await createRaffleViaApi(request, {
    name: uniqueRaffleName(name),
    instant_wins: [
      { number: 7, prize: PRIZE },
      { number: 33, prize: 'Recarga de $5' },
    ],
  });
  await reserveViaApi(request, raffle.id, [7], {
    name: 'Ana Rivas',
    phone: '0414-2223344',
    address: 'Coro, centro',
    cedula,
  });
  await patchNumberViaApi(request, raffle.id, 7, { status: 'pagado' });
  return raffle;
}

test.describe('instant-win numbers', () => {
  test('an admin commits a number with a prize; the phone buyer who pays it sees ¡Ganaste!', {
    tag: '@screenshots',
  }, async ({ browser }) => {
    test.setTimeout(300_000);
    const name = uniqueRaffleName('Moto con números premiados');

    // The admin creates the raffle on a computer, with one instant-win number.
    const desktop = await context(browser, DESKTOP, false);
    const admin = await desktop.newPage();
    await withAdminSession(admin);
    await admin.goto('/dashboard/admin/create');
    await expect(admin.getByRole('heading', { level: 1, name: 'Crear rifa' })).toBeVisible({
      timeout: 20_000,
    });
    await admin.getByLabel('Nombre de la rifa').fill(name);
    await admin.getByLabel('Descripción del premio').fill('Moto 0 km. Y números premiados al instante.');
    await admin.getByLabel('Precio por número (USD)').fill('5');
    await admin.getByLabel('Cantidad de números').fill('100');
    await admin.getByLabel('Fecha y hora de cierre').fill(caracasInputDate(10));
    await admin.getByLabel('Instrucciones de pago').fill('Pago móvil: Banco de Venezuela, 0414-7654321');
    const section = admin.getByRole('region', { name: 'Números premiados (opcional)' });
    await section.getByRole('button', { name: 'Agregar número premiado' }).click();
    await section.getByRole('textbox', { name: 'Número premiado 1', exact: true }).fill('7');
    await section.getByRole('textbox', { name: 'Premio del número 1', exact: true }).fill(PRIZE);
    // A repeated number and one outside the raffle are explained before sending.
    await section.getByRole('button', { name: 'Agregar número premiado' }).click();
    await section.getByRole('textbox', { name: 'Número premiado 2', exact: true }).fill('7');
    await section.getByRole('textbox', { name: 'Premio del número 2', exact: true }).fill('Otra gorra');
    await admin.getByRole('button', { name: 'Crear rifa' }).click();
    await expect(section.getByText('El número 7 está repetido en los números premiados')).toBeVisible();
    await section.getByRole('textbox', { name: 'Número premiado 2', exact: true }).fill('100');
    await admin.getByRole('button', { name: 'Crear rifa' }).click();
    await expect(
      section.getByText('El número premiado 100 no existe en esta rifa (sus números van del 0 al 99)'),
    ).toBeVisible();
    await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(admin, 'instant-wins/form-1440.png');
    await admin.setViewportSize(PHONE);
    await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(admin, 'instant-wins/form-412.png');
    await admin.setViewportSize(DESKTOP);
    await section.getByRole('button', { name: 'Quitar el número premiado 2' }).click();
    await admin.getByRole('button', { name: 'Crear rifa' }).click();
    await expect(toast(admin, 'Rifa creada')).toBeVisible();
    await expect(admin).toHaveURL(/\/dashboard\/admin$/);

    const listed = await admin.request.get('/api/raffles?status=activa');
    const raffle = (
      (await listed.json()) as { id: string; name: string; instant_win_commitment: string }[]
    ).find((r) => r.name === name);
    if (!raffle) throw new Error('raffle not listed');
    expect(raffle.instant_win_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(raffle)).not.toContain(PRIZE);

    // The buyer reserves number 07 on a phone: nothing tells it apart.
    const phone = await context(browser, PHONE, true);
    const page = await phone.newPage();
    const buyer = uniqueBuyer();
    await page.goto(`/raffle/${raffle.id}`);
    // The page announces instant wins with their commitment only, never the numbers.
    const fact = page.getByText(raffle.instant_win_commitment, { exact: true });
    await expect(fact).toBeVisible();
    await expect(page.getByText(PRIZE)).toHaveCount(0);
    await fact.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'instant-wins/open-412.png');
    await cell(page, '07').click();
    await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
    const checkout = page.getByRole('dialog');
    await checkout.getByLabel('Nombre y apellido').fill(buyer.name);
    await checkout.getByLabel('Teléfono').fill(buyer.phone);
    await checkout.getByRole('textbox', { name: 'Cédula' }).fill(buyer.digits);
    await checkout.getByLabel('Dirección').fill('Valencia, El Viñedo');
    await checkout.getByRole('button', { name: /^Apartar 1 número/ }).click();
    await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible({
      timeout: 20_000,
    });

    // And reports the payment from tracking.
    await lookUp(page, buyer);
    const ticket = page.getByTestId('tracked-ticket').filter({ hasText: '#07' });
    await expect(ticket.getByTestId('instant-win')).toHaveCount(0);
    await ticket.getByRole('button', { name: 'Enviar comprobante' }).click();
    const send = page.getByRole('dialog', { name: 'Enviar comprobante del número 07' });
    await expect(send.getByLabel('Monto pagado (USD)')).toHaveValue('5,00');
    await send
      .locator('input[type=file]')
      .setInputFiles({ name: 'pago.png', mimeType: 'image/png', buffer: PNG });
    await expect(send.getByText('Comprobante listo')).toBeVisible();
    await send.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect(toast(page, 'Comprobante enviado: el organizador lo revisará')).toBeVisible();

    // Staff approve it on the payments screen; the approved card says the number won.
    await openPayments(admin, '?status=pending');
    const pending = cardsOf(admin, name);
    await expect(pending.getByTestId('instant-win-badge')).toHaveCount(0);
    await pending.getByRole('button', { name: 'Aprobar el pago del número 07' }).click();
    await expect(decidedNote(admin, 'Pago del número 07 aprobado')).toBeVisible();
    await admin.getByRole('tab', { name: /^Aprobados/ }).click();
    const approved = cardsOf(admin, name);
    await expect(approved.getByTestId('instant-win-badge')).toHaveText(`¡Número premiado!: ${PRIZE}`);
    await approved.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(admin, 'instant-wins/payments-1440.png');
    await admin.setViewportSize(PHONE);
    await approved.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(approved.getByTestId('instant-win-badge')).toBeVisible();
    await screenshot(admin, 'instant-wins/payments-412.png');

    // The buyer's tracking: "¡Ganaste!" with the prize.
    await lookUp(page, buyer);
    const won = ticket.getByTestId('instant-win');
    await expect(won).toContainText('¡Ganaste!');
    await expect(won).toContainText(PRIZE);
    await ticket.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'instant-wins/tracking-412.png');
    await page.setViewportSize(DESKTOP);
    await ticket.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'instant-wins/tracking-1440.png');

    // At close the list and salt are published, and the page recomputes the commitment.
    await closeRaffleViaApi(admin.request, raffle.id);
    for (const [viewport, file] of [
      [PHONE, 'instant-wins/closed-412.png'],
      [DESKTOP, 'instant-wins/closed-1440.png'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/raffle/${raffle.id}`);
      const reveal = page.getByTestId('instant-wins-reveal');
      await expect(reveal.getByTestId('instant-wins-verdict')).toContainText(
        'Coincide con el compromiso publicado',
        { timeout: 20_000 },
      );
      await expect(reveal).toContainText(PRIZE);
      await expect(reveal).toContainText('l*** m***');
      // Below the sticky header, with the section's title in view.
      await reveal.evaluate((el) =>
        window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 130),
      );
      await screenshot(page, file);
    }
    await phone.close();
    await desktop.close();
  });

  test('once sold, the edit form shows the list read-only, with the number that won', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await sevenWon(request, 'Nevera con números premiados', 'V-20111222');
    await withAdminSession(page);
    for (const [viewport, file] of [
      [DESKTOP, 'instant-wins/locked-form-1440.png'],
      [PHONE, 'instant-wins/locked-form-412.png'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/dashboard/admin/edit/${raffle.id}`);
      const section = page.getByRole('region', { name: 'Números premiados (opcional)' });
      await expect(section.getByRole('textbox', { name: 'Premio del número 1', exact: true })).toHaveValue(
        PRIZE,
      );
      await expect(section.getByRole('textbox', { name: 'Número premiado 2', exact: true })).toHaveJSProperty(
        'readOnly',
        true,
      );
      await expect(section.getByText('Ganado por el número vendido 07')).toBeVisible();
      await expect(
        section.getByText('No se puede cambiar: ya se apartaron o vendieron números de esta rifa.'),
      ).toBeVisible();
      await expect(section.getByRole('button', { name: 'Agregar número premiado' })).toHaveCount(0);
      await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, file);
    }
    // Saving the rest of the form leaves the locked list out of the body: it saves.
    await page.getByLabel('Nombre de la rifa').fill(`${raffle.name} (editada)`);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page).not.toHaveURL(/\/edit\//);
  });

  test('staff mark a won prize delivered; taking the sale back then warns that the prize stays with it', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    // Decision 081: a prize handed over is never won again by a re-sold number.
    const raffle = await sevenWon(request, 'Bicicleta con números premiados', 'V-20111333');
    await withAdminSession(page);
    await page.setViewportSize(PHONE);
    await page.goto(`/dashboard/admin/edit/${raffle.id}`);
    const section = page.getByRole('region', { name: 'Números premiados (opcional)' });
    await section.getByRole('button', { name: 'Marcar como entregado el premio del número 07' }).click();
    const ask = page.getByRole('dialog', { name: '¿Ya entregaste el premio del número 07?' });
    await expect(ask).toContainText('no se puede deshacer');
    await screenshot(page, 'instant-wins/deliver-dialog-412.png');
    await ask.getByRole('button', { name: 'Sí, marcar como entregado' }).click();
    await expect(toast(page, 'Premio del número 07 marcado como entregado')).toBeVisible();
    await expect(section.getByText('Entregado', { exact: true })).toBeVisible();
    await expect(section.getByRole('button', { name: /Marcar como entregado/ })).toHaveCount(0);
    await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'instant-wins/delivered-412.png');
    await page.setViewportSize(DESKTOP);
    await page.goto(`/dashboard/admin/edit/${raffle.id}`);
    await expect(section.getByText('Entregado', { exact: true })).toBeVisible();
    await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'instant-wins/delivered-1440.png');

    // Releasing the paid number: the dialog says the prize stays with this sale.
    for (const [viewport, file] of [
      [DESKTOP, 'instant-wins/release-delivered-1440.png'],
      [PHONE, 'instant-wins/release-delivered-412.png'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(ticketsUrl(raffle.id));
      await openMenu(page, '07');
      await page.getByRole('menuitem', { name: 'Liberar número' }).click();
      const release = page.getByRole('alertdialog', { name: 'Pasar el número 07 a disponible' });
      await expect(release).toContainText(`El premio «${PRIZE}» de este número ya se entregó`);
      await screenshot(page, file);
      await release.getByRole('button', { name: 'Cancelar' }).click();
      await expect(release).toBeHidden();
    }

    // Refunded back to apartado (nothing paid), a bulk release takes it: its confirmation says so too.
    await patchNumberViaApi(request, raffle.id, 7, {
      status: 'apartado',
      refund: { amount_cents: 500, reason: 'Pago devuelto al comprador' },
    });
    await page.goto(ticketsUrl(raffle.id));
    await page.getByRole('checkbox', { name: 'Seleccionar el número 07' }).check();
    await page.getByRole('button', { name: 'Liberar en lote' }).click();
    await page.getByRole('menuitem', { name: 'Los seleccionados (1)' }).click();
    const bulk = page.getByRole('alertdialog', { name: '¿Liberar en lote?' });
    const notice = bulk.getByTestId('bulk-delivered-prizes');
    await expect(notice).toContainText('1 número de esta selección ya entregó su premio');
    await expect(notice).toContainText(`07: «${PRIZE}»`);
    await screenshot(page, 'instant-wins/bulk-release-delivered-412.png');
    await bulk.getByRole('button', { name: 'No, volver' }).click();
    await expect(bulk).toBeHidden();
  });
});
