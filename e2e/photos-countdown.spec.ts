import type { Page, Route } from '@playwright/test';
import { ADMIN, apiSignIn, expect, screenshot, test, withAdminSession } from './fixtures';
import { prizePhotoPng } from './prize-photo';
import { createRaffleViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 23: the prize photos keep the order picked and are reordered by drag or keyboard; the
// raffle page and the home cards count down to the closing date and close by themselves.

type Rgb = [number, number, number];
const PHOTOS: { name: string; colours: [Rgb, Rgb] }[] = [
  {
    name: 'foto-1.png',
    colours: [
      [220, 38, 38],
      [250, 204, 21],
    ],
  },
  {
    name: 'foto-2.png',
    colours: [
      [22, 163, 74],
      [14, 165, 233],
    ],
  },
  {
    name: 'foto-3.png',
    colours: [
      [124, 58, 237],
      [236, 72, 153],
    ],
  },
];

/**
 * Uploads answer out of order: the first photo picked finishes last. Returns each file's URL by
 * name, as the server gave it.
 */
async function uploadsFinishingOutOfOrder(page: Page) {
  const urls: Record<string, string> = {};
  await page.route('**/api/uploads?kind=raffle-image', async (route: Route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    const name = PHOTOS.find((photo) => body.includes(`filename="${photo.name}"`))?.name ?? '?';
    const response = await route.fetch();
    urls[name] = (await response.json()).fileUrl;
    if (name === 'foto-1.png') await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response });
  });
  return urls;
}

const slots = (page: Page) => page.getByTestId('photo-slot');

/** The photo URLs in the order the picker shows them. */
async function shownOrder(page: Page, urls: Record<string, string>) {
  const sources = await slots(page)
    .locator('img')
    .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''));
  return sources.map(
    (src) => Object.entries(urls).find(([, url]) => src.startsWith(url))?.[0] ?? `unknown ${src}`,
  );
}

async function staffRaffle(page: Page, id: string) {
  const session = await apiSignIn(page.request, ADMIN.email, ADMIN.password);
  const response = await page.request.get(`/api/raffles/${id}`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  return (await response.json()) as { images: string[] };
}

test.describe('prize photos and the closing countdown (issue 23)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('three photos picked keep their order and cover; reordered by keyboard and by drag; saved in that order', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Nevera Samsung'),
      description: 'Nevera de dos puertas, nueva en su caja.',
      draw_source: 'Triple Táchira A, 10:00 p. m.',
      closing_date: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await withAdminSession(page);
    const urls = await uploadsFinishingOutOfOrder(page);
    await page.goto(`/dashboard/admin/edit/${raffle.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.getByLabel('Agregar fotos').setInputFiles(
      PHOTOS.map((photo) => ({
        name: photo.name,
        mimeType: 'image/png',
        buffer: prizePhotoPng(...photo.colours),
      })),
    );
    // While the first one is still uploading it keeps its place: no photo jumps ahead of it.
    await expect(slots(page)).toHaveCount(3);
    await expect(slots(page).first().getByRole('status')).toBeVisible();
    await expect(slots(page).locator('img')).toHaveCount(3, { timeout: 15_000 });
    expect(await shownOrder(page, urls)).toEqual(['foto-1.png', 'foto-2.png', 'foto-3.png']);
    await expect(slots(page).first()).toContainText('Portada');
    await expect(page.getByText('Portada', { exact: true })).toHaveCount(1);
    const picker = page.getByRole('group', { name: 'Fotos del premio' });
    await screenshot(picker, 'issue-23/photo-picker-1440.png');
    await page.setViewportSize({ width: 412, height: 915 });
    await picker.scrollIntoViewIfNeeded();
    await screenshot(page, 'issue-23/photo-picker-412.png');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Keyboard: photo 3 becomes the cover; the focus stays on the photo moved, announced aloud.
    await page.getByRole('button', { name: 'Usar la foto 3 como portada' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('photo-announcement')).toHaveText(
      'Foto movida a la posición 1 de 3: ahora es la portada.',
    );
    expect(await shownOrder(page, urls)).toEqual(['foto-3.png', 'foto-1.png', 'foto-2.png']);
    await expect(slots(page).first()).toContainText('Portada');
    await expect(page.getByRole('button', { name: 'Mover después la foto 1' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('photo-announcement')).toHaveText('Foto movida a la posición 2 de 3.');
    expect(await shownOrder(page, urls)).toEqual(['foto-1.png', 'foto-3.png', 'foto-2.png']);
    await expect(page.getByRole('button', { name: 'Mover después la foto 2' })).toBeFocused();

    // Drag: the last photo dropped on the first takes its place.
    await slots(page).nth(2).dragTo(slots(page).nth(0));
    expect(await shownOrder(page, urls)).toEqual(['foto-2.png', 'foto-1.png', 'foto-3.png']);

    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    const saved = await staffRaffle(page, raffle.id);
    expect(saved.images).toEqual([urls['foto-2.png'], urls['foto-1.png'], urls['foto-3.png']]);

    // The public page opens on the cover.
    await page.goto(`/raffle/${raffle.id}`);
    const cover = page.getByRole('img', { name: /foto 1 de 3$/ });
    await expect(cover).toHaveAttribute('src', new RegExp(`^${urls['foto-2.png']}`));
  });

  test('the raffle page and its home card count down and turn to "Ventas cerradas" without a reload', async ({
    page,
    request,
  }) => {
    const name = uniqueRaffleName('Moto que cierra');
    const raffle = await createRaffleViaApi(request, {
      name,
      draw_source: 'Triple Táchira A, 10:00 p. m.',
      // Long enough for a loaded machine to open two pages before it; the wait below is for the close.
      closing_date: new Date(Date.now() + 35_000).toISOString(),
    });
    await page.goto('/');
    const card = page.getByTestId('raffle-card').filter({ hasText: name });
    await expect(card.getByRole('timer')).toHaveText(/^Cierra en \d{1,2} s$/);

    await page.goto(`/raffle/${raffle.id}`);
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^Cierra en \d{1,2} s$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '');
    await expect(page.getByRole('button', { name: 'Elegir números' })).toBeVisible();
    await expect(page.getByText(/\(hora de Caracas\)/)).toBeVisible();

    await expect(timer).toHaveText('Ventas cerradas', { timeout: 45_000 });
    await expect(page.getByRole('button', { name: 'Elegir números' })).toHaveCount(0);
  });

  test('screenshots: the raffle page with its countdown, on a phone and a laptop', {
    tag: '@screenshots',
  }, async ({ page, request }) => {
    const raffle = await createRaffleViaApi(request, {
      name: uniqueRaffleName('Moto Bera SBR'),
      description: 'Moto 0 km, papeles al día. Se entrega en Valencia.',
      draw_source: 'Triple Táchira A, 10:00 p. m.',
      closing_date: new Date(Date.now() + 3 * 86_400_000 + 4 * 3_600_000).toISOString(),
    });
    for (const [width, height] of [
      [412, 915],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/raffle/${raffle.id}`);
      await expect(page.getByRole('timer')).toHaveText(/^Cierra en 3 d 0[34] h \d{2} min$/);
      await screenshot(page, `issue-23/raffle-countdown-${width}.png`);
    }
  });
});
