import { winnerIndex } from '@domain/beacon';
import { saleLine, soldListText } from '@domain/verification';
import { describe, expect, it } from 'vitest';
import { CLOSED_AT, KEY, lines, ROOT, rootOf, run, sha, workspace } from './verify-draw-fixtures';

// The standalone verifier run as a buyer would run it (a child process on files), against lists
// and roots built with the project's own implementation of the formats. On a URL:
// verify-draw-url.test.ts.
const { write, receiptFile, localSeal } = workspace();

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
