import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignIn, expect, screenshot, signInAsAdmin, test, toast } from './fixtures';
import { createActiveRaffle } from './raffle-helpers';
import { cardOf, DESKTOP, PHONE, uniqueCedula } from './raffle-lifecycle-helpers';
import { closeRaffleViaApi, patchNumberViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 23 "several prizes" and "pre-sorteos" on the screens (decision 042): a raffle with three
// prizes and a pre-sorteo announces them before anyone buys, the pre-sorteo is sealed at its date
// and drawn among the numbers paid then, and after the draws the page shows every winner.

const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const lottery = (name: string, seconds: number) => ({
  draw_kind: 'loteria',
  draw_lottery: name,
  draw_rule: 'ultimos_digitos',
  draw_at: at(seconds),
});

type Prize = { position: number; pre_list: unknown; winning_number: number | null; drawn_at: string | null };
const prizesOf = async (request: APIRequestContext, id: string): Promise<Prize[]> =>
  (await (await request.get(`/api/raffles/${id}`)).json()).prizes;

/** A prize's lottery result by the API; a next result names its lottery draw (decision 084). */
async function drawPrize(
  request: APIRequestContext,
  id: string,
  prize: number,
  result: string,
  resultAt?: string,
) {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const res = await request.post(`/api/raffles/${id}/draw`, {
    data: { prize, result, ...(resultAt ? { result_at: resultAt } : {}) },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Types a lottery result in the open register dialog, confirms it and waits for the toast. */
async function registerResult(page: Page, result: string, wins: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Resultado oficial, tal como se publicó').fill(result);
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await dialog.getByRole('button', { name: `Sí, registrar: gana el ${wins}` }).click();
  await expect(toast(page, `Resultado registrado: número ${wins}`)).toBeVisible();
}

test.describe('several prizes', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('three prizes and a pre-sorteo: announced before buying, then every winner after the draws', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    test.setTimeout(150_000);
    const start = Date.now();
    const raffle = await createActiveRaffle(request, {
      name: uniqueRaffleName('Tres premios'),
      total_numbers: 100,
      digit_count: 2,
      price_cents: 1000,
      draw_source: null,
      closing_date: at(50),
      ...lottery('Triple Táchira A', 52),
      prizes: [
        // Read from the lottery's second prize, as declared.
        {
          title: 'Televisor 50 pulgadas',
          ...lottery('Triple Zulia', 54),
          draw_rule: 'ultimos_digitos_segundo',
        },
        { title: 'Bono de $100', ...lottery('Triple Caracas', 56) },
        { title: 'Pre-sorteo: teléfono', pre_draw_at: at(15), ...lottery('Lotería del Zulia', 17) },
      ],
    });
    // Three numbers paid in full before the pre-sorteo's date, one only reserved (05).
    await reserveViaApi(request, raffle.id, [47], { name: 'María Pérez', cedula: uniqueCedula() });
    await reserveViaApi(request, raffle.id, [12, 30], { name: 'José Rivas', cedula: uniqueCedula() });
    await reserveViaApi(request, raffle.id, [5], { name: 'Ana Gómez', cedula: uniqueCedula() });
    for (const n of [47, 12, 30]) await patchNumberViaApi(request, raffle.id, n, { status: 'pagado' });

    // The page announces every prize, the pre-sorteo with its date (as it does before anyone buys).
    await page.goto(`/raffle/${raffle.id}`);
    const prizes = page.getByTestId('raffle-prizes');
    await expect(prizes.getByRole('heading', { name: '4 premios' })).toBeVisible();
    await expect(prizes.getByTestId('prize-1')).toContainText('1.er premio');
    await expect(prizes.getByTestId('prize-2')).toContainText('Televisor 50 pulgadas');
    await expect(prizes.getByTestId('prize-1')).toContainText(
      'Gana el número con los últimos 2 dígitos del primer premio de la lotería.',
    );
    await expect(prizes.getByTestId('prize-2')).toContainText(
      'Gana el número con los últimos 2 dígitos del segundo premio de la lotería.',
    );
    await expect(prizes.getByTestId('prize-4')).toContainText('Pre-sorteo · 4.º premio');
    await expect(prizes.getByTestId('prize-4')).toContainText(/^.*Pre-sorteo el .*pagados por completo/);
    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await prizes.scrollIntoViewIfNeeded();
      await screenshot(page, `issue-23/prizes-announced-${size}.png`);
    }
    await page.setViewportSize(PHONE);

    // At its date the server seals the pre-sorteo's list: the numbers fully paid then (not 05).
    await expect
      .poll(async () => (await prizesOf(request, raffle.id))[3]?.pre_list, { timeout: 45_000 })
      .toMatchObject({ line_count: 3 });
    // …and asks the time-stamping authority for its seal at once, as for a close.
    await expect
      .poll(async () => (await prizesOf(request, raffle.id))[3]?.pre_list, { timeout: 20_000 })
      .toMatchObject({ timestamp: { status: 'sellado', authority: 'TSA de Prueba Rifas' } });

    // Sealed, the pre-sorteo's prize no longer changes: the edit form shows it read-only and says why.
    await signInAsAdmin(page);
    await page.goto(`/dashboard/admin/edit/${raffle.id}`);
    const sealedPrize = page.getByTestId('extra-prize').nth(2);
    await expect(sealedPrize.getByTestId('sealed-prize-hint')).toHaveText(
      'La lista de este pre-sorteo ya se selló: este premio ya no cambia.',
    );
    await expect(sealedPrize.getByLabel('Nombre del premio')).toHaveJSProperty('readOnly', true);
    await expect(page.getByTestId('extra-prize').nth(0).getByLabel('Nombre del premio')).toHaveJSProperty(
      'readOnly',
      false,
    );
    // Its heading and hint below the sticky header.
    await sealedPrize.evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80),
    );
    await screenshot(page, 'issue-23/prizes-form-sealed-412.png');

    // Staff register the pre-sorteo's result from the dashboard, while the raffle is on sale.
    await page.goto('/dashboard/admin');
    const card = cardOf(page, raffle.name);
    await card.getByRole('button', { name: `Registrar resultado de ${raffle.name}` }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.getByLabel('Resultado oficial, tal como se publicó');
    await expect(input).toBeEnabled({ timeout: 20_000 });
    await registerResult(page, '730', '30');
    // Its winner on the card, before the close: who to call, what they owe, WhatsApp.
    const preWinner = card.getByTestId('winner-panel-4');
    await expect(preWinner).toContainText('Ganador del 4.º premio (Pre-sorteo: teléfono)');
    await expect(preWinner).toContainText('José Rivas');
    await expect(preWinner).toContainText('Pagado completo: puede recibir el premio.');
    await expect(preWinner.getByRole('link', { name: 'Escribir por WhatsApp' })).toBeVisible();
    await preWinner.evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80),
    );
    await screenshot(page, 'issue-23/prizes-pre-sorteo-winner-card-412.png');

    // The close, then the 1.º from the same dialog, the others by the API.
    await closeRaffleViaApi(request, raffle.id);
    await page.reload();
    await card.getByRole('button', { name: `Registrar resultado de ${raffle.name}` }).click();
    // The 1.º's lottery draws 52 s after the start: the field opens then, however soon the close came.
    await expect.poll(() => Date.now(), { timeout: 60_000 }).toBeGreaterThan(start + 53_000);
    await expect(input).toBeEnabled();
    await registerResult(page, '347', '47');
    // The 3.º's lottery draws 56 s after the start: its result cannot be registered before.
    await expect.poll(() => Date.now(), { timeout: 50_000 }).toBeGreaterThan(start + 57_000);
    await drawPrize(request, raffle.id, 2, '912');
    // 47 already won the 1.º: under the declared rule the 3.º waits for the next result.
    await drawPrize(request, raffle.id, 3, '647');
    // The register dialog now asks which lottery draw gave the next result (decision 084).
    await page.goto('/dashboard/admin');
    await card.getByRole('button', { name: `Registrar resultado de ${raffle.name}` }).click();
    await expect(dialog.getByLabel('Fecha y hora del sorteo que dio este resultado')).toBeVisible();
    await expect(dialog).toContainText('El siguiente sorteo de la lotería después del');
    await screenshot(page, 'issue-23/prizes-next-result-dialog-412.png');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    // By the API, to the second: the dialog takes minutes, and the 3.º's draw was seconds ago.
    await drawPrize(request, raffle.id, 3, '605', new Date(Date.now() - 500).toISOString());

    await page.goto(`/raffle/${raffle.id}`);
    await expect(prizes.getByTestId('prize-1')).toContainText('Ganó el 47 · m*** p***');
    await expect(prizes.getByTestId('prize-2')).toContainText('Ganó el 12 · j*** r***');
    await expect(prizes.getByTestId('prize-3')).toContainText('Ganó el 05 · a*** g***');
    await expect(prizes.getByTestId('prize-4')).toContainText('Ganó el 30 · j*** r***');
    // Every winner says whether the number is paid (05 was only reserved), as the 1.º's banner does.
    await expect(prizes.getByTestId('prize-1').getByText('Pagado', { exact: true })).toBeVisible();
    await expect(prizes.getByTestId('prize-2').getByText('Pagado', { exact: true })).toBeVisible();
    await expect(prizes.getByTestId('prize-3').getByText('Apartado', { exact: true })).toBeVisible();
    // The drawn 3.º keeps the result it passed over (its 47 had won the 1.º).
    await expect(prizes.getByTestId('prize-3').getByTestId('prize-skipped')).toContainText(
      /Resultado 647 del sorteo del .+: salió el 47/,
    );
    await expect(prizes.getByTestId('prize-3')).toContainText(
      /Decidido con el resultado 605 del sorteo del /,
    );
    const preList = prizes.getByTestId('prize-4').getByTestId('pre-list');
    await expect(preList).toContainText('3 números pagados');
    await expect(preList).toContainText('Sellada por TSA de Prueba Rifas');
    await expect(preList.getByRole('link', { name: 'Descargar lista' })).toHaveAttribute(
      'href',
      `/api/raffles/${raffle.id}/prizes/4/list.txt`,
    );
    await expect(preList.getByRole('link', { name: 'Descargar sello (.tsr)' })).toHaveAttribute(
      'href',
      `/api/raffles/${raffle.id}/prizes/4/seal.tsr`,
    );
    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await prizes.scrollIntoViewIfNeeded();
      await screenshot(page, `issue-23/prizes-winners-${size}.png`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `issue-23/prizes-finished-page-${size}.png`, { fullPage: true });
    }
  });

  test('the raffle form adds, orders and marks prizes as pre-sorteos', { tag: '@screenshots' }, async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/dashboard/admin/create');
    const section = page.locator('section[aria-labelledby="section-extra-prizes"]');
    await expect(section.getByText('Sin premios adicionales: la rifa tiene un solo premio.')).toBeVisible();
    await section.getByRole('button', { name: 'Agregar premio' }).click();
    await section.getByRole('button', { name: 'Agregar premio' }).click();
    const rows = section.getByTestId('extra-prize');
    await expect(rows).toHaveCount(2);
    await rows.nth(0).getByLabel('Nombre del premio').fill('Televisor');
    await rows.nth(1).getByLabel('Nombre del premio').fill('Pre-sorteo: teléfono');
    await section.getByRole('button', { name: 'Subir el 3.º premio' }).click();
    await expect(rows.nth(0).getByLabel('Nombre del premio')).toHaveValue('Pre-sorteo: teléfono');
    await rows
      .nth(0)
      .getByLabel(/Pre-sorteo/)
      .check();
    await expect(rows.nth(0).getByLabel('Fecha y hora del pre-sorteo (Caracas)')).toBeVisible();
    await expect(section.getByText('Si un número ya ganó otro premio')).toBeVisible();
    for (const [size, viewport] of [
      ['412', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await section.scrollIntoViewIfNeeded();
      await screenshot(section, `issue-23/prizes-form-${size}.png`);
    }
  });
});
