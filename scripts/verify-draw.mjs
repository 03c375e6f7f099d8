#!/usr/bin/env node
/*
 * Standalone verifier of a sealed raffle draw (issue 19, docs/verification.md). Node 20 or newer,
 * no dependencies and nothing of this project: anyone can read it whole and run it.
 *
 *   node scripts/verify-draw.mjs https://host/raffle/<id>
 *   node scripts/verify-draw.mjs --base https://host --raffle <id>
 *   node scripts/verify-draw.mjs --list lista.txt --root <hex> [--draw sorteo.json] [--total N]
 * Options: --receipt recibo.json (repeatable, or several files after it), --key <base64 Ed25519>
 * (offline receipts), --tsr sello.tsr --ca ca.pem (RFC 3161 seal, checked with openssl).
 * On a URL it also checks each pre-sorteo's sealed list (issue 23): its root, line count, seal
 * and that its winner is on it; before the close, those are what it checks.
 *
 * Prints one Spanish line per check (✔ passed, ✘ failed, – not checked here) and exits 1 when
 * any check failed.
 */
import { execFile } from 'node:child_process';
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const HEX64 = /^[0-9a-f]{64}$/;
const LOTTERY_RULES = ['ultimos_digitos', 'ultimos_digitos_segundo', 'ultimos_digitos_tercero'];

// ---- report -------------------------------------------------------------------------------
const results = [];
const pass = (text) => results.push({ ok: true, text });
const fail = (text) => results.push({ ok: false, text });
const skip = (text) => results.push({ ok: null, text });
const check = (ok, yes, no) => (ok ? pass(yes) : fail(no));

// ---- arguments ----------------------------------------------------------------------------
function parseArgs(argv) {
  const args = { receipts: [] };
  let lastFlag = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg.startsWith('--')) {
      lastFlag = arg.slice(2);
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`Falta el valor de ${arg}`);
      i++;
      if (lastFlag === 'receipt') args.receipts.push(value);
      else args[lastFlag] = value;
    } else if (lastFlag === 'receipt') args.receipts.push(arg);
    else if (!args.url) args.url = arg;
    else throw new Error(`Argumento de más: ${arg}`);
  }
  if (args.url) {
    const url = new URL(args.url);
    const match = /\/raffle\/([^/?#]+)/.exec(url.pathname);
    if (!match) throw new Error('La dirección debe ser la de la rifa: https://host/raffle/<id>');
    args.base = url.origin;
    args.raffle = decodeURIComponent(match[1]);
  }
  return args;
}

const USAGE = `Uso:
  node scripts/verify-draw.mjs https://host/raffle/<id> [--receipt recibo.json ...] [--ca ca.pem]
  node scripts/verify-draw.mjs --base https://host --raffle <id> [...]
  node scripts/verify-draw.mjs --list lista.txt --root <hex> [--draw sorteo.json] [--total N]
       [--receipt recibo.json ...] [--key <clave pública base64>] [--tsr sello.tsr --ca ca.pem]
       [--version 1]   (lista de una rifa cerrada antes de las pruebas Merkle: SHA-256 del texto)`;

// ---- fetching -----------------------------------------------------------------------------
async function fetchOk(url, as) {
  const response = await fetch(url, { headers: { Accept: as === 'json' ? 'application/json' : '*/*' } });
  if (!response.ok) throw new Error(`${url} respondió ${response.status}`);
  if (as === 'json') return response.json();
  if (as === 'bytes') return Buffer.from(await response.arrayBuffer());
  return response.text();
}

// ---- formats (docs/verification.md) ---------------------------------------------------------
/** RFC 6962 Merkle tree hash over the lines (UTF-8, without their newline). */
function merkleRoot(lines) {
  if (lines.length === 0) return sha256(Buffer.alloc(0));
  let level = lines.map((line) => sha256(Buffer.of(0), Buffer.from(line, 'utf8')));
  while (level.length > 1) {
    const above = [];
    for (let i = 0; i < level.length; i += 2) {
      above.push(i + 1 < level.length ? sha256(Buffer.of(1), level[i], level[i + 1]) : level[i]);
    }
    level = above;
  }
  return level[0];
}

const linesOf = (text) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
const numberOfLine = (line) => Number(line.slice(0, line.indexOf(':')));

/** The bytes a receipt signs: its fields on their own lines, UTF-8, no final newline. */
const receiptMessage = (r) =>
  Buffer.from(
    ['rifas-recibo-v1', r.raffle_id, String(r.number), r.line, r.sold_at, r.held_until ?? ''].join('\n'),
    'utf8',
  );

/** An Ed25519 public key from its 32 raw bytes (base64), as node:crypto wants it (SPKI DER). */
function ed25519Key(base64) {
  const raw = Buffer.from(base64, 'base64');
  if (raw.length !== 32) throw new Error('La clave pública Ed25519 debe tener 32 bytes');
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
  return createPublicKey({ key: spki, format: 'der', type: 'spki' });
}

/**
 * The winner's index among n lines from the beacon's randomness and the root, without modulo
 * bias: x = first 8 bytes (big-endian) of SHA-256(randomness ‖ root ‖ uint32be(i)) for i = 0, 1…,
 * the first x below 2^64 − (2^64 mod n) gives index x mod n.
 */
function beaconIndex(randomness, root, n) {
  const space = 2n ** 64n;
  const limit = space - (space % BigInt(n));
  for (let i = 0; i < 2 ** 32; i++) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(i);
    const x = sha256(randomness, root, counter).readBigUInt64BE(0);
    if (x < limit) return Number(x % BigInt(n));
  }
  throw new Error('unreachable');
}

// ---- checks -------------------------------------------------------------------------------
function checkList(text, version) {
  const lines = linesOf(text);
  if (version === 1) {
    skip('Lista de versión 1 (rifa cerrada antes de las pruebas Merkle): su huella es el SHA-256 del texto');
    return lines;
  }
  check(
    text === '' || text.endsWith('\n'),
    'La lista termina con salto de línea',
    'La lista no termina con salto de línea (el formato publicado lo exige)',
  );
  const malformed = lines.findIndex((line) => !/^\d+:[0-9a-f]{64}$/.test(line));
  check(
    malformed < 0,
    'Cada línea tiene la forma «número:huella SHA-256»',
    `La línea ${malformed + 1} no tiene la forma «número:huella»: ${JSON.stringify(lines[malformed] ?? '')}`,
  );
  let disorder = -1;
  for (let i = 1; i < lines.length && disorder < 0; i++) {
    if (!(numberOfLine(lines[i]) > numberOfLine(lines[i - 1]))) disorder = i;
  }
  check(
    disorder < 0,
    `Las ${lines.length} líneas están en orden de número y sin repetidos`,
    disorder < 0
      ? ''
      : `Las líneas ${disorder} y ${disorder + 1} están fuera de orden o repiten número (${lines[disorder - 1].split(':')[0]}, ${lines[disorder].split(':')[0]})`,
  );
  return lines;
}

function checkRoot(text, lines, root, version) {
  const computed = version === 1 ? sha256(Buffer.from(text, 'utf8')) : merkleRoot(lines);
  const hex = computed.toString('hex');
  const what = version === 1 ? 'El SHA-256 de la lista' : 'La raíz Merkle de la lista';
  check(
    hex === root.toLowerCase(),
    `${what} coincide con la huella publicada (${hex})`,
    `${what} NO coincide con la huella publicada: calculada ${hex}, publicada ${root}`,
  );
}

async function checkReceipt(file, { lines, raffleId, publicKey, closedAt }) {
  const name = path.basename(file);
  let receipt;
  try {
    receipt = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return fail(`Recibo ${name}: no es un archivo JSON legible`);
  }
  if (raffleId && receipt.raffle_id !== raffleId) {
    return fail(`Recibo ${name}: es de otra rifa (${receipt.raffle_id})`);
  }
  if (!publicKey)
    skip(`Recibo ${name}: firma no comprobada (falta la clave: usa --key o la dirección de la rifa)`);
  else {
    let valid = false;
    try {
      valid = verifySignature(
        null,
        receiptMessage(receipt),
        publicKey,
        Buffer.from(String(receipt.signature), 'base64'),
      );
    } catch {
      valid = false;
    }
    if (!valid)
      return fail(`Recibo ${name}: la firma Ed25519 NO es válida (modificado o no firmado por el sistema)`);
    pass(`Recibo ${name}: firma Ed25519 válida`);
  }
  const ticket = String(receipt.line ?? '').split(':')[0];
  if (lines.includes(receipt.line))
    return pass(`Recibo ${name}: la línea del número ${ticket} está en la lista`);
  const expired = receipt.held_until && closedAt && Date.parse(receipt.held_until) < Date.parse(closedAt);
  if (expired) {
    return skip(
      `Recibo ${name}: la línea del número ${ticket} no está en la lista, pero era un apartado sin pagar que vencía el ${receipt.held_until}, antes del cierre (${closedAt}): pudo liberarse por vencimiento`,
    );
  }
  fail(
    `Recibo ${name}: la línea del número ${ticket} NO está en la lista publicada: prueba de que el organizador quitó una venta`,
  );
}

function checkWinner(draw, lines, root, raffle) {
  const source = draw.source ?? null;
  const winning = draw.winning_number ?? null;
  if (!source?.kind) {
    if (winning === null) return skip('Ganador: todavía no hay sorteo');
    return skip(
      `Ganador ${winning}: la rifa no declaró una fuente de sorteo comprobable (número registrado por el organizador)`,
    );
  }
  if (source.kind === 'loteria') {
    const result = draw.result ?? null;
    if (result === null)
      return skip(`Ganador: la lotería (${source.lottery ?? '—'}) todavía no tiene resultado registrado`);
    // The last digits of the lottery's first, second or third prize: the result typed is that prize.
    if (!LOTTERY_RULES.includes(source.rule))
      return skip(`Ganador: regla desconocida para este verificador (${source.rule})`);
    const digitCount = raffle?.digit_count ?? (lines[0] ? lines[0].indexOf(':') : null);
    const total = raffle?.total_numbers ?? null;
    if (!digitCount || !total) {
      return skip('Ganador: no comprobado (falta la cantidad de números de la rifa: usa --total N)');
    }
    const digits = String(result).replace(/\D/g, '');
    if (digits.length < digitCount)
      return fail(`Ganador: el resultado «${result}» tiene menos de ${digitCount} dígitos`);
    const number = Number(digits.slice(-digitCount)) % total;
    return check(
      number === winning,
      `Ganador ${winning}: sale del resultado «${result}» con la regla (últimos ${digitCount} dígitos, módulo ${total})`,
      `Ganador: el resultado «${result}» da el número ${number} con la regla, pero se publicó ${winning}`,
    );
  }
  if (source.kind === 'drand') {
    const beacon = source.beacon ?? null;
    if (!beacon?.signature)
      return skip(`Ganador: la ronda ${beacon?.round ?? '—'} de drand todavía no salió`);
    skip(
      `Firma BLS de la ronda ${beacon.round}: no comprobada aquí; compruébala con drand (cadena ${beacon.chain_hash ?? 'quicknet'})`,
    );
    const randomness = sha256(Buffer.from(beacon.signature, 'hex'));
    check(
      randomness.toString('hex') === String(beacon.randomness).toLowerCase(),
      `Aleatoriedad de la ronda ${beacon.round} = SHA-256(firma)`,
      `La aleatoriedad publicada no es el SHA-256 de la firma de la ronda ${beacon.round}`,
    );
    if (lines.length === 0) return skip('Ganador: la lista está vacía, no hay a quién sortear');
    const index = beaconIndex(randomness, root, lines.length);
    const number = numberOfLine(lines[index]);
    return check(
      number === winning,
      `Ganador ${winning}: línea ${index + 1} de ${lines.length}, elegida con la aleatoriedad y la raíz`,
      `Ganador: la aleatoriedad y la raíz eligen la línea ${index + 1} (número ${number}), pero se publicó ${winning}`,
    );
  }
  skip(`Ganador: fuente desconocida (${source.kind})`);
}

function runOpenssl(args) {
  return new Promise((resolve) => {
    execFile('openssl', args, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
        out: `${stdout}${stderr}`,
        missing: error?.code === 'ENOENT',
      }),
    );
  });
}

async function checkSeal(root, tsr, ca, timestamp) {
  const who = timestamp?.authority ? ` de ${timestamp.authority}` : '';
  if (!tsr && timestamp?.status === 'pendiente') {
    return skip('Sello de tiempo: pendiente (la autoridad todavía no respondió; se reintenta solo)');
  }
  if (!tsr && !timestamp) return skip('Sello de tiempo: no hay sello que comprobar');
  if (!ca) {
    return skip(
      `Sello de tiempo${who}: no comprobado (indica --ca con el certificado de la autoridad${tsr ? '' : ' y se descarga el sello'})`,
    );
  }
  if (!tsr) return skip(`Sello de tiempo${who}: no comprobado (no se pudo obtener el sello)`);
  const run = await runOpenssl(['ts', '-verify', '-digest', root, '-in', tsr, '-CAfile', ca]);
  if (run.missing) return skip(`Sello de tiempo${who}: no comprobado (no se encontró openssl)`);
  check(
    run.code === 0,
    `Sello de tiempo${who}: válido para esta raíz (openssl ts -verify)${timestamp?.time ? `, sellado el ${timestamp.time}` : ''}`,
    `Sello de tiempo${who}: NO válido para esta raíz: ${run.out.trim().split('\n').at(-1)}`,
  );
}

/** Downloads a seal next to the others of this run (removed at the end). */
async function downloadSeal(base, url, name, temp) {
  temp.dir ??= await mkdtemp(path.join(tmpdir(), 'verify-draw-'));
  const file = path.join(temp.dir, name);
  await writeFile(file, await fetchOk(new URL(url, base).href, 'bytes'));
  return file;
}

/**
 * A pre-sorteo's list (issue 23), sealed at its date like a close's: the same format, root and
 * RFC 3161 seal, and its winner (when one is named) must be on it. Each line of the report says
 * which prize it is about.
 */
async function checkPreDraws(draw, base, ca, temp) {
  for (const prize of draw.prizes ?? []) {
    const pre = prize.pre_list;
    if (!pre) continue;
    const from = results.length;
    const text = await fetchOk(new URL(pre.list_url, base).href, 'text');
    const lines = checkList(text, 2);
    checkRoot(text, lines, String(pre.commitment), 2);
    check(
      pre.line_count === lines.length,
      `line_count publicado (${pre.line_count}) coincide con las líneas de la lista`,
      `line_count publicado (${pre.line_count}) NO coincide con las ${lines.length} líneas de la lista`,
    );
    if (prize.winning_number !== null && prize.winning_number !== undefined && !prize.void_reason) {
      check(
        lines.some((line) => numberOfLine(line) === prize.winning_number),
        `El ganador ${prize.winning_number} está en la lista sellada`,
        `El ganador ${prize.winning_number} NO está en la lista sellada del pre-sorteo`,
      );
    }
    const stamp = pre.timestamp ?? null;
    const tsr =
      stamp?.status === 'sellado' && stamp.token_url && ca
        ? await downloadSeal(base, stamp.token_url, `presorteo-${prize.position}.tsr`, temp)
        : null;
    await checkSeal(String(pre.commitment), tsr, ca, stamp);
    for (const r of results.slice(from)) r.text = `Pre-sorteo (${prize.position}.º premio): ${r.text}`;
  }
}

// ---- main ---------------------------------------------------------------------------------
async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help || (!args.base && !args.list)) {
    console.log(USAGE);
    return args.help ? 0 : 2;
  }
  let draw = args.draw ? JSON.parse(await readFile(args.draw, 'utf8')) : {};
  let raffle = args.total ? { total_numbers: Number(args.total), digit_count: null } : null;
  let text;
  let publicKey = args.key ? ed25519Key(args.key) : null;
  let tsr = args.tsr ?? null;
  /** Where downloaded seals go: made on the first, removed at the end. */
  const temp = { dir: null };

  if (args.base) {
    const api = `${args.base.replace(/\/$/, '')}/api`;
    const id = encodeURIComponent(args.raffle ?? '');
    draw = await fetchOk(`${api}/raffles/${id}/draw`, 'json');
    raffle = await fetchOk(`${api}/raffles/${id}`, 'json').catch(() => raffle);
    text = draw.sold_list_url
      ? await fetchOk(new URL(draw.sold_list_url, args.base).href, 'text')
      : (draw.sold_list ?? '');
    if (!publicKey && args.receipts.length > 0) {
      const key = await fetchOk(`${api}/receipts/key`, 'json');
      publicKey = ed25519Key(key.public_key);
    }
    if (!tsr && draw.timestamp?.status === 'sellado' && draw.timestamp.token_url && args.ca)
      tsr = await downloadSeal(args.base, draw.timestamp.token_url, 'sello.tsr', temp);
    console.log(`Rifa ${args.raffle} en ${args.base}`);
  } else {
    text = await readFile(args.list, 'utf8');
    console.log(`Lista ${args.list}`);
  }
  const root = String(args.root ?? draw.draw_commitment ?? '');
  const preDraws = args.base && (draw.prizes ?? []).some((prize) => prize.pre_list);
  if (!root && preDraws) {
    // Still on sale, with a pre-sorteo already sealed: that list is what can be checked now.
    skip('Lista del cierre: la rifa todavía no cerró');
    try {
      await checkPreDraws(draw, args.base, args.ca ?? null, temp);
    } finally {
      if (temp.dir) await rm(temp.dir, { recursive: true, force: true });
    }
    return report();
  }
  if (!root) {
    console.log('✘ No hay huella publicada: la rifa todavía no cerró');
    return 1;
  }
  if (!HEX64.test(root.toLowerCase())) {
    console.log(`✘ La huella publicada no es un SHA-256 en hexadecimal: ${root}`);
    return 1;
  }
  // Offline lists are version 2 unless the saved draw answer (or --version 1) says otherwise.
  const version = Number(args.version ?? draw.commitment_version ?? 2);
  if (draw.closed_at) console.log(`Cerrada el ${draw.closed_at}; huella ${root}`);

  try {
    const lines = checkList(text, version);
    checkRoot(text, lines, root, version);
    if (draw.line_count !== undefined && draw.line_count !== null) {
      check(
        draw.line_count === lines.length,
        `line_count publicado (${draw.line_count}) coincide con las líneas de la lista`,
        `line_count publicado (${draw.line_count}) NO coincide con las ${lines.length} líneas de la lista`,
      );
    }
    for (const file of args.receipts) {
      await checkReceipt(file, {
        lines,
        raffleId: args.raffle ?? null,
        publicKey,
        closedAt: draw.closed_at ?? null,
      });
    }
    await checkSeal(root, tsr, args.ca ?? null, draw.timestamp ?? null);
    if (draw.source !== undefined || draw.winning_number !== undefined)
      checkWinner(draw, lines, Buffer.from(root, 'hex'), raffle);
    if (args.base) await checkPreDraws(draw, args.base, args.ca ?? null, temp);
  } finally {
    if (temp.dir) await rm(temp.dir, { recursive: true, force: true });
  }

  return report();
}

/** One line per check, then the verdict; the exit code. */
function report() {
  for (const r of results) console.log(`${r.ok === true ? '✔' : r.ok === false ? '✘' : '–'} ${r.text}`);
  const failed = results.filter((r) => r.ok === false).length;
  console.log(
    failed === 0
      ? 'Resultado: todo lo comprobado es correcto.'
      : `Resultado: ${failed} comprobación(es) fallaron.`,
  );
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`✘ ${error.message}`);
    process.exit(1);
  },
);
