import { execFile, execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { winnerIndex } from '@domain/beacon';
import {
  merkleLevels,
  merkleRoot,
  type Receipt,
  receiptMessage,
  saleLine,
  soldListText,
  toBase64,
  toHex,
} from '@domain/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The standalone verifier run as a buyer would run it (a child process on files or on a URL),
// against lists and roots built with the project's own implementation of the formats.
const SCRIPT = path.resolve(import.meta.dirname, 'verify-draw.mjs');
const sha = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const dir = mkdtempSync(path.join(tmpdir(), 'verify-draw-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RAFFLE = 'rifa-1';
const CLOSED_AT = '2026-11-21T23:00:00.000Z';
const sales = Array.from({ length: 7 }, (_, i) => ({
  ticketNumber: String(i * 13 + 2).padStart(2, '0'),
  verificationCode: `CODE${i}ABCDE`,
  cedula: `V-${1_000_000 + i}`,
}));
const lines = sales.map((s) => saleLine(sha, s));
const rootOf = (list: string[]) => toHex(merkleRoot(sha, merkleLevels(sha, list)));
const ROOT = rootOf(lines);

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const KEY = toBase64(new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)));

function receiptFile(name: string, line: string, heldUntil: string | null = null, edit = {}) {
  const body = {
    raffle_id: RAFFLE,
    number: Number(line.split(':')[0]),
    line,
    sold_at: '2026-11-20T12:00:00.000Z',
    held_until: heldUntil,
  };
  const signature = toBase64(new Uint8Array(sign(null, receiptMessage(body), privateKey)));
  const receipt: Receipt = { version: 1, ...body, signature, ...edit };
  return write(name, JSON.stringify(receipt));
}

function write(name: string, content: string) {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

type Run = { code: number; out: string };
const run = (...args: string[]) =>
  new Promise<Run>((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });

describe('verify-draw.mjs on downloaded files', () => {
  it('passes an intact list against its root', async () => {
    const { code, out } = await run('--list', write('ok.txt', soldListText(lines)), '--root', ROOT);
    expect(out).toContain('✔ La lista termina con salto de línea');
    expect(out).toContain('✔ Las 7 líneas están en orden de número y sin repetidos');
    expect(out).toContain(`✔ La raíz Merkle de la lista coincide con la huella publicada (${ROOT})`);
    expect(out).not.toContain('✘');
    expect(code).toBe(0);
  });

  it('fails a list with a line removed, added or altered, naming the root', async () => {
    const removed = soldListText(lines.filter((_, i) => i !== 3));
    const added = soldListText([...lines, `99:${'a'.repeat(64)}`]);
    const altered = soldListText(lines.map((l, i) => (i === 2 ? `${l.slice(0, -1)}0` : l)));
    for (const [name, text] of [
      ['removed.txt', removed],
      ['added.txt', added],
      ['altered.txt', altered],
    ]) {
      const { code, out } = await run('--list', write(name, text), '--root', ROOT);
      expect(out, name).toContain('✘ La raíz Merkle de la lista NO coincide con la huella publicada');
      expect(code, name).toBe(1);
    }
  });

  it('fails a list out of number order, with a repeated number, or without its final newline', async () => {
    const swapped = [lines[1], lines[0], ...lines.slice(2)];
    const out1 = await run('--list', write('swap.txt', soldListText(swapped)), '--root', rootOf(swapped));
    expect(out1.out).toContain('✘ Las líneas 1 y 2 están fuera de orden o repiten número (15, 02)');
    expect(out1.code).toBe(1);
    const twice = [lines[0], lines[0], ...lines.slice(1)];
    const out2 = await run('--list', write('twice.txt', soldListText(twice)), '--root', rootOf(twice));
    expect(out2.out).toContain('fuera de orden o repiten número (02, 02)');
    expect(out2.code).toBe(1);
    const bare = soldListText(lines).slice(0, -1);
    const out3 = await run('--list', write('bare.txt', bare), '--root', ROOT);
    expect(out3.out).toContain('✘ La lista no termina con salto de línea');
    expect(out3.code).toBe(1);
  });

  it('checks line_count from a saved draw answer', async () => {
    const draw = write(
      'draw.json',
      JSON.stringify({ draw_commitment: ROOT, line_count: 6, commitment_version: 2 }),
    );
    const { code, out } = await run('--list', write('ok2.txt', soldListText(lines)), '--draw', draw);
    expect(out).toContain('✘ line_count publicado (6) NO coincide con las 7 líneas de la lista');
    expect(code).toBe(1);
  });

  it('checks receipts: signed and present, missing from the list, tampered', async () => {
    const list = write('list-r.txt', soldListText(lines));
    const present = receiptFile('present.json', lines[4]);
    const ok = await run('--list', list, '--root', ROOT, '--key', KEY, '--receipt', present);
    expect(ok.out).toContain('✔ Recibo present.json: firma Ed25519 válida');
    expect(ok.out).toContain('✔ Recibo present.json: la línea del número 54 está en la lista');
    expect(ok.code).toBe(0);

    // The sale was dropped and the list re-sealed without it: the root matches, the receipt does not.
    const dropped = lines.filter((_, i) => i !== 4);
    const droppedList = write('dropped.txt', soldListText(dropped));
    const tampered = receiptFile('tampered.json', lines[1], null, { sold_at: '2026-01-01T00:00:00.000Z' });
    const missing = await run(
      '--list',
      droppedList,
      '--root',
      rootOf(dropped),
      '--key',
      KEY,
      '--receipt',
      present,
      tampered,
    );
    expect(missing.out).toContain('✔ La raíz Merkle de la lista coincide');
    expect(missing.out).toContain(
      '✘ Recibo present.json: la línea del número 54 NO está en la lista publicada: prueba de que el organizador quitó una venta',
    );
    expect(missing.out).toContain('✘ Recibo tampered.json: la firma Ed25519 NO es válida');
    expect(missing.code).toBe(1);
  });

  it('softens a missing unpaid reservation whose hold ended before the close', async () => {
    const dropped = lines.filter((_, i) => i !== 4);
    const draw = write(
      'draw-expired.json',
      JSON.stringify({ draw_commitment: rootOf(dropped), commitment_version: 2, closed_at: CLOSED_AT }),
    );
    const expired = receiptFile('expired.json', lines[4], '2026-11-21T10:00:00.000Z');
    const { code, out } = await run(
      '--list',
      write('dropped2.txt', soldListText(dropped)),
      '--draw',
      draw,
      '--key',
      KEY,
      '--receipt',
      expired,
    );
    expect(out).toContain(
      '– Recibo expired.json: la línea del número 54 no está en la lista, pero era un apartado sin pagar',
    );
    expect(code).toBe(0);
  });

  it('recomputes a lottery winner with the declared rule', async () => {
    const list = write('list-l.txt', soldListText(lines));
    const drawOf = (winning: number, rule = 'ultimos_digitos') =>
      write(
        `draw-l-${winning}-${rule}.json`,
        JSON.stringify({
          draw_commitment: ROOT,
          commitment_version: 2,
          winning_number: winning,
          result: '2347',
          source: { kind: 'loteria', lottery: 'Triple Zulia', rule },
        }),
      );
    // Read from the lottery's second or third prize: the result typed is that prize, same digits.
    for (const rule of ['ultimos_digitos_segundo', 'ultimos_digitos_tercero']) {
      const other = await run('--list', list, '--draw', drawOf(47, rule), '--total', '100');
      expect(other.out).toContain('✔ Ganador 47: sale del resultado «2347»');
      expect(other.code).toBe(0);
    }
    const unknown = await run('--list', list, '--draw', drawOf(47, 'cuarto_premio'), '--total', '100');
    expect(unknown.out).toContain('– Ganador: regla desconocida para este verificador (cuarto_premio)');
    const ok = await run('--list', list, '--draw', drawOf(47), '--total', '100');
    expect(ok.out).toContain(
      '✔ Ganador 47: sale del resultado «2347» con la regla (últimos 2 dígitos, módulo 100)',
    );
    expect(ok.code).toBe(0);
    const bent = await run('--list', list, '--draw', drawOf(41), '--total', '100');
    expect(bent.out).toContain(
      '✘ Ganador: el resultado «2347» da el número 47 con la regla, pero se publicó 41',
    );
    expect(bent.code).toBe(1);
    // Fewer numbers than the digits allow: the rest of dividing by the total.
    const wrap = await run('--list', list, '--draw', drawOf(47 % 40), '--total', '40');
    expect(wrap.code).toBe(0);
  });

  it('recomputes a drand winner (the real round 12040883 of docs/verification.md (drand section)), and catches a bent one', async () => {
    const example = [
      { ticketNumber: '07', verificationCode: 'K7M3Q9TXAB', cedula: 'V-11111111' },
      { ticketNumber: '42', verificationCode: 'HC4RWY8N6P', cedula: 'V-22222222' },
      { ticketNumber: '63', verificationCode: '3UEJ9KFDMG', cedula: 'V-33333333' },
    ].map((sale) => saleLine(sha, sale));
    const root = rootOf(example);
    expect(root).toBe('3dbfb45df1507fff047368a8f71a1eca12b8a11ca4d80ff1f69ab54f3e8b67ae');
    const signature =
      '929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394';
    const randomness = '173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3';
    // The server's own derivation (domain/beacon.ts) and the script's must agree.
    expect(winnerIndex(sha, randomness, root, example.length)).toBe(0);
    const list = write('list-d.txt', soldListText(example));
    const drawOf = (winning: number, rnd = randomness) =>
      write(
        `draw-d-${winning}-${rnd.slice(0, 4)}.json`,
        JSON.stringify({
          draw_commitment: root,
          commitment_version: 2,
          winning_number: winning,
          source: {
            kind: 'drand',
            beacon: { round: 12040883, randomness: rnd, signature, chain_hash: 'abc' },
          },
        }),
      );
    const ok = await run('--list', list, '--draw', drawOf(7));
    expect(ok.out).toContain('✔ Aleatoriedad de la ronda 12040883 = SHA-256(firma)');
    expect(ok.out).toContain('✔ Ganador 7: línea 1 de 3, elegida con la aleatoriedad y la raíz');
    expect(ok.out).toContain('– Firma BLS de la ronda 12040883: no comprobada aquí; compruébala con drand');
    expect(ok.code).toBe(0);
    const bent = await run('--list', list, '--draw', drawOf(42));
    expect(bent.out).toContain(
      '✘ Ganador: la aleatoriedad y la raíz eligen la línea 1 (número 7), pero se publicó 42',
    );
    expect(bent.code).toBe(1);
    const forged = await run('--list', list, '--draw', drawOf(7, 'cd'.repeat(32)));
    expect(forged.out).toContain(
      '✘ La aleatoriedad publicada no es el SHA-256 de la firma de la ronda 12040883',
    );
    expect(forged.code).toBe(1);
    // Random roots and sizes: the script picks the line domain/beacon.ts picks.
    for (const size of [1, 2, 5, 13]) {
      const some = lines.slice(0, Math.min(size, lines.length));
      const someRoot = rootOf(some);
      const index = winnerIndex(sha, randomness, someRoot, some.length);
      const winner = Number(some[index].split(':')[0]);
      const file = write(
        `draw-d-size-${size}.json`,
        JSON.stringify({
          draw_commitment: someRoot,
          commitment_version: 2,
          winning_number: winner,
          source: { kind: 'drand', beacon: { round: 12040883, randomness, signature, chain_hash: 'abc' } },
        }),
      );
      const agreed = await run('--list', write(`list-size-${size}.txt`, soldListText(some)), '--draw', file);
      expect(agreed.out, `size ${size}`).toContain(
        `✔ Ganador ${winner}: línea ${index + 1} de ${some.length}`,
      );
    }
  });
});

// A throwaway RFC 3161 authority: OpenSSL's own `ts -reply` with a CA made here.
function localSeal(root: string) {
  const at = mkdtempSync(path.join(dir, 'tsa-'));
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: at, stdio: 'pipe' });
  writeFileSync(
    path.join(at, 'tsa.cnf'),
    `[ tsa ]\ndefault_tsa = t\n[ t ]\nserial = ./serial\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.1\n` +
      `digests = sha256\ness_cert_id_alg = sha256\n[ ext ]\nextendedKeyUsage = critical,timeStamping\n`,
  );
  writeFileSync(path.join(at, 'serial'), '01\n');
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  ssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/CN=CA de prueba',
    '-days',
    '1',
  );
  ssl('req', ...ec, '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=TSA de prueba');
  ssl(
    'x509',
    '-req',
    '-in',
    'tsa.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'tsa.pem',
    '-days',
    '1',
    '-extfile',
    'tsa.cnf',
    '-extensions',
    'ext',
  );
  ssl('ts', '-query', '-digest', root, '-sha256', '-cert', '-out', 'q.tsq');
  ssl(
    'ts',
    '-reply',
    '-queryfile',
    'q.tsq',
    '-inkey',
    'tsa.key',
    '-signer',
    'tsa.pem',
    '-config',
    'tsa.cnf',
    '-out',
    'r.tsr',
  );
  return { tsr: path.join(at, 'r.tsr'), ca: path.join(at, 'ca.pem') };
}

describe('verify-draw.mjs and an RFC 3161 seal', () => {
  it('accepts the seal of the root and refuses it for another root', async () => {
    const { tsr, ca } = localSeal(ROOT);
    const list = write('list-s.txt', soldListText(lines));
    const ok = await run('--list', list, '--root', ROOT, '--tsr', tsr, '--ca', ca);
    expect(ok.out).toContain('✔ Sello de tiempo: válido para esta raíz (openssl ts -verify)');
    expect(ok.code).toBe(0);
    const others = lines.slice(1);
    const other = await run(
      '--list',
      write('list-s2.txt', soldListText(others)),
      '--root',
      rootOf(others),
      '--tsr',
      tsr,
      '--ca',
      ca,
    );
    expect(other.out).toContain('✘ Sello de tiempo: NO válido para esta raíz');
    expect(other.code).toBe(1);
    const noCa = await run('--list', list, '--root', ROOT, '--tsr', tsr);
    expect(noCa.out).toContain('– Sello de tiempo: no comprobado (indica --ca');
  });
});

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
