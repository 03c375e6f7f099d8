import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { soldListText } from '@domain/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_AT, KEY, lines, RAFFLE, ROOT, rootOf, run, workspace } from './verify-draw-fixtures';

// The standalone verifier given a raffle's address: it downloads the draw answer, the lists, the
// receipt key and the seals from a server that answers as ours does.
const { receiptFile, localSeal } = workspace();

describe('verify-draw.mjs on a raffle URL', () => {
  let server: Server;
  let base = '';
  let served = soldListText(lines);
  let timestamp: Record<string, string> | null = null;
  let sealBytes = Buffer.alloc(0);
  let drawRoot: string | null = ROOT;
  let prizes: unknown[] = [];
  let preList = '';
  let preSeal = Buffer.alloc(0);
  beforeAll(async () => {
    server = createServer((req, res) => {
      const json = (body: unknown) =>
        res.setHeader('content-type', 'application/json').end(JSON.stringify(body));
      if (req.url === `/api/raffles/${RAFFLE}/draw`) {
        return json({
          draw_commitment: drawRoot,
          commitment_version: 2,
          line_count: lines.length,
          closed_at: CLOSED_AT,
          sold_list: null,
          sold_list_url: `/api/raffles/${RAFFLE}/sold-list.txt`,
          winning_number: null,
          source: { kind: null },
          timestamp,
          prizes,
        });
      }
      if (req.url === `/api/raffles/${RAFFLE}/prizes/2/list.txt`) return res.end(preList);
      if (req.url === `/api/raffles/${RAFFLE}/prizes/2/seal.tsr`) return res.end(preSeal);
      if (req.url === `/api/raffles/${RAFFLE}`)
        return json({ id: RAFFLE, digit_count: 2, total_numbers: 100 });
      if (req.url === `/api/raffles/${RAFFLE}/sold-list.txt`) return res.end(served);
      if (req.url === '/api/receipts/key') return json({ algorithm: 'Ed25519', public_key: KEY });
      if (req.url === `/api/raffles/${RAFFLE}/seal.tsr`) return res.end(sealBytes);
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('downloads the draw, the list and the key, and checks a receipt', async () => {
    const receipt = receiptFile('url.json', lines[0]);
    const { code, out } = await run(`${base}/raffle/${RAFFLE}`, '--receipt', receipt);
    expect(out).toContain(`Cerrada el ${CLOSED_AT}`);
    expect(out).toContain('✔ line_count publicado (7) coincide');
    expect(out).toContain('✔ Recibo url.json: la línea del número 02 está en la lista');
    expect(out).toContain('– Ganador: todavía no hay sorteo');
    expect(code).toBe(0);
  });

  it('downloads the seal and checks it with openssl; says when it is still pending', async () => {
    const { tsr, ca } = localSeal(ROOT);
    sealBytes = readFileSync(tsr);
    timestamp = {
      status: 'sellado',
      authority: 'TSA de prueba',
      time: '2026-11-21T23:00:05Z',
      token_url: `/api/raffles/${RAFFLE}/seal.tsr`,
    };
    const sealed = await run(`${base}/raffle/${RAFFLE}`, '--ca', ca);
    expect(sealed.out).toContain(
      '✔ Sello de tiempo de TSA de prueba: válido para esta raíz (openssl ts -verify), sellado el 2026-11-21T23:00:05Z',
    );
    expect(sealed.code).toBe(0);
    const noCa = await run(`${base}/raffle/${RAFFLE}`);
    expect(noCa.out).toContain('– Sello de tiempo de TSA de prueba: no comprobado (indica --ca');
    timestamp = { status: 'pendiente', authority: '', time: '', token_url: '' };
    const pending = await run(`${base}/raffle/${RAFFLE}`, '--ca', ca);
    expect(pending.out).toContain('– Sello de tiempo: pendiente');
    timestamp = null;
  });

  it('catches a served list altered after close', async () => {
    served = soldListText(lines.slice(1));
    const { code, out } = await run('--base', base, '--raffle', RAFFLE);
    expect(out).toContain('✘ La raíz Merkle de la lista NO coincide');
    expect(out).toContain('✘ line_count publicado (7) NO coincide con las 6 líneas de la lista');
    expect(code).toBe(1);
    served = soldListText(lines);
  });

  it('checks a pre-sorteo list sealed at its date: root, line count, winner and seal; before the close too', async () => {
    const paid = lines.slice(0, 3);
    const preRoot = rootOf(paid);
    const { tsr, ca } = localSeal(preRoot);
    preList = soldListText(paid);
    preSeal = readFileSync(tsr);
    const prize = (winning: number) => ({
      position: 2,
      winning_number: winning,
      void_reason: null,
      pre_list: {
        commitment: preRoot,
        line_count: 3,
        list_url: `/api/raffles/${RAFFLE}/prizes/2/list.txt`,
        timestamp: {
          status: 'sellado',
          authority: 'TSA de prueba',
          time: '2026-11-20T12:00:05Z',
          token_url: `/api/raffles/${RAFFLE}/prizes/2/seal.tsr`,
        },
      },
    });
    const onList = Number(paid[1]?.split(':')[0]);
    prizes = [prize(onList)];
    const ok = await run(`${base}/raffle/${RAFFLE}`, '--ca', ca);
    expect(ok.out).toContain(
      `✔ Pre-sorteo (2.º premio): La raíz Merkle de la lista coincide con la huella publicada (${preRoot})`,
    );
    expect(ok.out).toContain('✔ Pre-sorteo (2.º premio): line_count publicado (3) coincide');
    expect(ok.out).toContain(`✔ Pre-sorteo (2.º premio): El ganador ${onList} está en la lista sellada`);
    expect(ok.out).toContain(
      '✔ Pre-sorteo (2.º premio): Sello de tiempo de TSA de prueba: válido para esta raíz (openssl ts -verify)',
    );
    expect(ok.code).toBe(0);

    // A winner who was not fully paid at that date, or a list changed after its seal: caught.
    const offList = Number(lines[5]?.split(':')[0]);
    prizes = [prize(offList)];
    const outside = await run(`${base}/raffle/${RAFFLE}`, '--ca', ca);
    expect(outside.out).toContain(
      `✘ Pre-sorteo (2.º premio): El ganador ${offList} NO está en la lista sellada`,
    );
    expect(outside.code).toBe(1);
    prizes = [prize(onList)];
    preList = soldListText(paid.slice(1));
    const altered = await run(`${base}/raffle/${RAFFLE}`, '--ca', ca);
    expect(altered.out).toContain('✘ Pre-sorteo (2.º premio): La raíz Merkle de la lista NO coincide');
    expect(altered.code).toBe(1);

    // Still on sale: the pre-sorteo's list is what can be checked.
    preList = soldListText(paid);
    drawRoot = null;
    const open = await run(`${base}/raffle/${RAFFLE}`, '--ca', ca);
    expect(open.out).toContain('– Lista del cierre: la rifa todavía no cerró');
    expect(open.out).toContain('✔ Pre-sorteo (2.º premio): Sello de tiempo de TSA de prueba: válido');
    expect(open.code).toBe(0);
    drawRoot = ROOT;
    prizes = [];
  });
});
