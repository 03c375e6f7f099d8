import fs from 'node:fs/promises';
import { expect, test, toast, withAdminSession } from './fixtures';
import { createRaffleViaApi, patchNumberViaApi, reserveViaApi, uniqueRaffleName } from './raffle-seed';
import { ANA, JOSE, rows, ticketsUrl } from './sold-tickets-helpers';

const CSV_HEADER =
  'Número;Estado;Comprador;Teléfono;Cédula;Correo;Dirección;Método de pago;Pagado (USD);Pendiente (USD);Fecha de compra;Apartado hasta;' +
  'Pedido;Pagado (Bs);Pendiente (Bs);Vendedor';

test.describe('sold tickets (staff)', () => {
  // Each test seeds its raffle, signs in and walks a whole task; the shared machine is slow.
  test.describe.configure({ timeout: 60_000 });

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
    const { order } = (await reserveViaApi(request, raffle.id, [4, 5, 6], ANA)) as {
      order: { code: string };
    };
    await patchNumberViaApi(request, raffle.id, 6, { status: 'pagado' });

    await withAdminSession(page);
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
    // Ana's two reserved numbers (her name capitalised, as exports write it); not José's 03, not her paid 06.
    expect(lines.slice(1).map((line) => line.split(';').slice(0, 5).join(';'))).toEqual([
      '04;apartado;Ana Pérez;0424-1112233;V-9876543',
      '05;apartado;Ana Pérez;0424-1112233;V-9876543',
    ]);
    expect(lines[1]).toContain(';0,00;5,00;');
    // Both of Ana's numbers carry her order's code, as the buyer reads it ("K7M-4Q2XA").
    const code = `${order.code.slice(0, 3)}-${order.code.slice(3)}`;
    for (const line of lines.slice(1)) expect(line.split(';')[12]).toBe(code);
    await expect(toast(page, `Descargado ${download.suggestedFilename()}`)).toBeVisible();

    // "Descargar Excel" beside it: the same filter, as a workbook (a zip: "PK").
    const downloadingXlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar Excel' }).click();
    const xlsx = await downloadingXlsx;
    expect(xlsx.suggestedFilename()).toMatch(/^rifa-rifa-navidena-nandu-[a-z0-9-]+-tickets-apartado\.xlsx$/);
    const bytes = await fs.readFile((await xlsx.path()) ?? '');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
