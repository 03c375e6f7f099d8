import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real RFC 3161 time-stamping authority on 127.0.0.1: a throwaway CA and a TSA certificate
 * (extendedKeyUsage critical timeStamping) made with `openssl` in a temporary folder, and a tiny
 * HTTP server that hands each POSTed query to `openssl ts -reply` and answers its DER. It can be
 * stopped and started again on the same port (an authority that is down, then back).
 */
export async function startLocalTsa(options: { name?: string; key?: 'rsa' | 'ec' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-tsa-'));
  const file = (name: string) => path.join(dir, name);
  const name = options.name ?? 'TSA de Prueba Rifas';
  fs.writeFileSync(
    file('tsa.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=critical,timeStamping\n',
  );
  fs.writeFileSync(file('serial'), '01\n');
  fs.writeFileSync(
    file('ts.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config',
      '[ tsa_config ]',
      `serial = ${file('serial')}`,
      'crypto_device = builtin',
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.99999.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = no',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  // The TSA's own key: RSA (most public authorities) or ECDSA P-256.
  const tsaKey =
    options.key === 'ec' ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'] : ['-newkey', 'rsa:2048'];
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/O=CA de Prueba Rifas/CN=CA de Prueba Rifas',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  await openssl(
    'req',
    ...tsaKey,
    '-nodes',
    '-keyout',
    'tsa.key',
    '-out',
    'tsa.csr',
    '-subj',
    `/O=Autoridad de Prueba/CN=${name}`,
  );
  await openssl(
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
    '2',
    '-extfile',
    'tsa.ext',
  );

  // One reply at a time: `openssl ts -reply` reads and bumps the serial file.
  let queue: Promise<unknown> = Promise.resolve();
  let count = 0;
  const reply = (query: Buffer) => {
    const job = queue.then(async () => {
      const id = ++count;
      fs.writeFileSync(file(`q${id}.tsq`), query);
      await openssl(
        'ts',
        '-reply',
        '-config',
        'ts.cnf',
        '-queryfile',
        `q${id}.tsq`,
        '-signer',
        'tsa.pem',
        '-inkey',
        'tsa.key',
        '-chain',
        'ca.pem',
        '-out',
        `r${id}.tsr`,
      );
      return fs.readFileSync(file(`r${id}.tsr`));
    });
    queue = job.catch(() => {});
    return job;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.headers['content-type'] !== 'application/timestamp-query') {
        response.writeHead(400).end();
        return;
      }
      stats.requests++;
      reply(Buffer.concat(chunks)).then(
        (der) => response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(der),
        () => response.writeHead(500).end(),
      );
    });
  });
  const stats = { requests: 0 };
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const port = await listen(0);

  return {
    url: `http://127.0.0.1:${port}/tsr`,
    /** The CA certificate (PEM file) a verifier trusts: `openssl ts -verify -CAfile`. */
    caFile: file('ca.pem'),
    caPem: fs.readFileSync(file('ca.pem'), 'utf8'),
    /** Whether it is listening (not stopped). */
    get up() {
      return server.listening;
    },
    /** Queries answered (or attempted) since the start. */
    stats,
    /** The authority goes down: connections to its port are refused. */
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** Back on the same port. */
    async start() {
      await listen(port);
    },
    /** `openssl ts -verify -digest <rootHex> -in <tsr> -CAfile ca.pem`: its exit code and output. */
    async opensslVerify(tsr: Buffer, rootHex: string) {
      const tsrFile = file(`check-${Date.now()}-${Math.random().toString(36).slice(2)}.tsr`);
      fs.writeFileSync(tsrFile, tsr);
      try {
        const { stdout } = await openssl(
          'ts',
          '-verify',
          '-digest',
          rootHex,
          '-in',
          tsrFile,
          '-CAfile',
          'ca.pem',
        );
        return { code: 0, output: stdout };
      } catch (error) {
        const e = error as { code?: number; stdout?: string; stderr?: string };
        return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
      }
    },
    async close() {
      if (server.listening) await this.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type LocalTsa = Awaited<ReturnType<typeof startLocalTsa>>;
