// Bank-statement reconciliation (issue 18) under load: a 5,000-row statement uploaded, parsed and
// matched against 1,000 reported payments; then "Aprobar 1,000 coincidencias" in one action while a
// separate process keeps making reservations (are they slowed?). Run by bench/run.ts for each
// database (`npm run bench:reconcile` runs this alone); the figures go to bench/RECONCILE.md.
import os from 'node:os';
import type { StatementApproval, StatementUploadResult } from '../domain/reconciliation';
import { spanishAmount, spanishDate } from '../server/test/fixtures/statements/generate';
import { createRaffle, type Target } from './harness';
import { client, expect, json, request } from './http';
import { spawnReservationLoad } from './load-process';
import type { Outcome as ReportOutcome } from './report/results';
import { now, percentile, runPool, sleep } from './stats';

export type ReconcileSizes = {
  /** Credit rows of the statement. */
  rows: number;
  /** Reported payments, each matched by one row (the rest of the rows match nothing). */
  payments: number;
  /** Buyers of the load generator, each reserving back to back. */
  loadBuyers: number;
  /** How long the load runs alone first, for a baseline of its latencies. */
  baselineMs: number;
};

export type Latencies = {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
};

export type ReconcileResult = {
  setupMs: number;
  upload: { ms: number; rows: number; matched: number; unreported: number; bytes: number };
  approve: { ms: number; approved: number; failed: number; perApprovalMs: number };
  reservations: { baseline: Latencies; duringApproval: Latencies };
};

const RATE = 245.5;
const PRICE_CENTS = 100;
const caracasToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date()).slice(0, 10);

function summarize(samples: { latencies: number[]; statuses: Record<string, number> }): Latencies {
  const { latencies, statuses } = samples;
  return {
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.length ? Math.max(...latencies) : Number.NaN,
    statuses,
  };
}

/**
 * The load generator in its own process (bench/load-process.ts); `stop` answers its summary of the
 * requests after its `warmupMs`.
 */
export async function startLoad(
  port: number,
  raffleId: string,
  buyers: number,
  firstNumber: number,
  warmupMs = 0,
) {
  const load = await spawnReservationLoad(port, raffleId, buyers, firstNumber, warmupMs);
  return { stop: async () => summarize(await load.stop()) };
}

/** A statement of `rows` credits today: one per payment reference (half printed longer), the rest unknown. */
function statementCsv(references: string[], rows: number, vesCents: number): Buffer {
  const day = spanishDate(caracasToday());
  const lines = ['Fecha;Referencia;Descripción;Monto;Saldo'];
  for (let i = 0; i < rows; i++) {
    const known = references[i];
    const reference = known ? (i % 2 ? `0000${known}` : known) : String(70_000_000 + i);
    const amount = known ? vesCents : 50_000 + ((i * 7919) % 5_000_000);
    lines.push(
      `${day};${reference};PAGO MOVIL RECIBIDO ${i};${spanishAmount(amount)};${spanishAmount(amount * 3)}`,
    );
    // A debit every 10 rows, as real statements have (ignored).
    if (i % 10 === 0) lines.push(`${day};${90_000_000 + i};COMISION;-4,50;${spanishAmount(amount)}`);
  }
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

export async function benchReconcile(target: Target, sizes: ReconcileSizes): Promise<ReconcileResult> {
  const c = client(target.port, 16, target.token);
  try {
    const setupStart = now();
    expect(
      await request(c, 'PUT', '/api/exchange-rates/VES', { auth: true, body: { rate_to_usd: RATE } }),
      200,
      'set the VES rate',
    );
    const raffle = await createRaffle(c, Math.max(100, sizes.payments), 'Rifa conciliación bench');
    const references: string[] = [];
    const run = await runPool(sizes.payments, 8, async (i) => {
      const reserved = expect(
        await request(c, 'POST', `/api/raffles/${raffle.id}/reservations`, {
          body: { numbers: [i], buyer: buyerOf(i) },
        }),
        201,
        'reserve',
      );
      const ticket = json<{ tickets: { id: string }[] }>(reserved).tickets[0] as { id: string };
      const reference = String(40_000_000 + i);
      expect(
        await request(c, 'POST', '/api/payments', {
          auth: true,
          body: { ticket_id: ticket.id, amount_cents: PRICE_CENTS, reference, payment_method: 'pago_movil' },
        }),
        201,
        'report a payment',
      );
      references[i] = reference;
    });
    if (run.done !== sizes.payments) throw new Error(`only ${run.done} payments reported`);
    const setupMs = now() - setupStart;

    const csv = statementCsv(references, sizes.rows, Math.round(PRICE_CENTS * RATE));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'estado-bench.csv');
    const uploadStart = now();
    const uploaded = await fetch(`http://127.0.0.1:${target.port}/api/reconciliation/statements`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${target.token}` },
    });
    const uploadMs = now() - uploadStart;
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const statement = (await uploaded.json()) as StatementUploadResult;

    // Reservations on another raffle: first alone, then while the approvals run.
    const loadRaffle = await createRaffle(c, 200_000, 'Rifa carga bench');
    const baselineLoad = await startLoad(target.port, loadRaffle.id, sizes.loadBuyers, 0);
    await sleep(sizes.baselineMs);
    const baseline = await baselineLoad.stop();
    const load = await startLoad(target.port, loadRaffle.id, sizes.loadBuyers, 100_000);
    await sleep(200);
    const approveStart = now();
    const approved = expect(
      await request(c, 'POST', `/api/reconciliation/statements/${statement.statement_id}/approve`, {
        auth: true,
      }),
      200,
      'approve the matches',
    );
    const approveMs = now() - approveStart;
    const duringApproval = await load.stop();
    const answer = json<StatementApproval>(approved);
    return {
      setupMs,
      upload: {
        ms: uploadMs,
        rows: statement.rows,
        matched: statement.matched,
        unreported: statement.unreported,
        bytes: csv.length,
      },
      approve: {
        ms: approveMs,
        approved: answer.approved.length,
        failed: answer.failed.length,
        perApprovalMs: approveMs / Math.max(1, answer.approved.length),
      },
      reservations: { baseline, duringApproval },
    };
  } finally {
    c.agent.destroy();
  }
}

const buyerOf = (i: number) => ({
  name: `Comprador Conciliación ${i}`,
  phone: '0414-1234567',
  address: 'Av. Bolívar, San Cristóbal',
  cedula: `V-${15_000_000 + i}`,
});

type Outcome = ReportOutcome<ReconcileResult>;

const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x).toLocaleString('en-US')} ms` : '–');
const pass = (ok: boolean) => (ok ? 'yes' : '**NO**');

/** bench/RECONCILE.md: the targets, each database's figures, the machine and its load. */
export function renderReconcileReport(options: {
  date: Date;
  sizes: ReconcileSizes;
  results: Record<string, Outcome | { skipped: string }>;
  load: [number, number];
  commit: string;
}): string {
  const { sizes } = options;
  const cpus = os.cpus();
  const lines = [
    '# Bank-statement reconciliation bench',
    '',
    `Run ${options.date.toISOString()} at commit ${options.commit} by \`npm run bench:reconcile\` (also part of \`npm run bench\`).`,
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}.`,
    `Load average (1 min) at start ${options.load[0].toFixed(2)}, at end ${options.load[1].toFixed(2)}.`,
    '',
    `Workload: ${sizes.payments.toLocaleString('en-US')} reported payments (each its own reservation), a statement of`,
    `${sizes.rows.toLocaleString('en-US')} credit rows (plus one debit every 10) of which ${sizes.payments.toLocaleString('en-US')} match them (half by a longer reference`,
    'ending with the reported one); the upload is timed end to end over HTTP (multipart, parse, match, insert).',
    `Then one "Aprobar N coincidencias" call, while a separate process runs ${sizes.loadBuyers} buyers reserving back`,
    `to back on another raffle; its latencies are compared with ${sizes.baselineMs / 1000} s of the same load alone just before.`,
    '',
    'Targets: upload under 3 s; approvals under 10 s; no reservation over 500 ms meanwhile (p99 reported).',
    '',
    '| database | upload (5,000 rows) | matched | approvals | per approval | reservations alone p50 / p99 / max | during approvals p50 / p99 / max (n) | targets met |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const [label, outcome] of Object.entries(options.results)) {
    if (outcome === undefined) {
      lines.push(`| ${label} | not measured | | | | | | |`);
      continue;
    }
    if ('skipped' in outcome) {
      lines.push(`| ${label} | skipped: ${outcome.skipped} | | | | | | |`);
      continue;
    }
    if (!outcome.ok) {
      lines.push(`| ${label} | failed: ${outcome.error} | | | | | | |`);
      continue;
    }
    const r = outcome.value;
    const base = r.reservations.baseline;
    const during = r.reservations.duringApproval;
    lines.push(
      `| ${label} | ${ms(r.upload.ms)} | ${r.upload.matched} | ${ms(r.approve.ms)} (${r.approve.approved} ok, ${r.approve.failed} failed) | ${r.approve.perApprovalMs.toFixed(1)} ms | ${ms(base.p50)} / ${ms(base.p99)} / ${ms(base.max)} | ${ms(during.p50)} / ${ms(during.p99)} / ${ms(during.max)} (${during.requests}) | upload ${pass(r.upload.ms < 3_000)}, approvals ${pass(r.approve.ms < 10_000)}, max ≤ 500 ms ${pass(during.max <= 500)} |`,
    );
  }
  lines.push(
    '',
    "Each approval is the payments module's own (`payments.review`): one transaction per payment, with",
    "its locks and re-checks, so a reservation waits at most for one approval's transaction, never for",
    'the whole batch. Confirmations are recorded every 50 approvals.',
    '',
  );
  return lines.join('\n');
}
