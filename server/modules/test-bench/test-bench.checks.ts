import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AuditVerdict } from '../../../domain/audit-chain';
import { formatBs } from '../../../domain/money';
import { reservationSchema } from '../../../domain/reservations';
import { testBenchMessages as m, type TestBenchCheck } from '../../../domain/test-bench';
import { type Db, migrationsFolder } from '../../db/client';
import { jobRunsRepo } from '../../lib/job-runs';
import type { Storage } from '../../lib/storage';
import type { RatesService } from '../rates/rates.service';
import type { RealtimeHub } from '../realtime/realtime.hub';
import { streamTicketEvents } from '../tickets/event-stream';
import { EXPIRY_JOB_NAME, type TicketsService } from '../tickets/tickets.service';
import { testBenchRepo } from './test-bench.repo';

export type CheckOutcome = { ok: boolean; result: Record<string, unknown> & { detail: string } };
export type CheckDeps = {
  db: Db;
  tickets: TicketsService;
  hub: RealtimeHub;
  storage: Storage;
  rates: RatesService;
  /** The audit log's own verification (server/modules/audit). */
  audit: { verify(): Promise<AuditVerdict> };
};

/** How long a change may take to come back through the change stream before the check fails. */
const REALTIME_TIMEOUT_MS = 5_000;
/** The VES rate must be from the current Caracas day and not older than this. */
const RATE_MAX_AGE_HOURS = 26;
/** The expiry sweep is late after this many of its intervals (plus a minute of slack). */
const EXPIRY_LATE_INTERVALS = 3;

/** The numbers named by the `event: ticket` frames of a Server-Sent Events text. */
export const sseTicketNumbers = (text: string) =>
  text
    .split('\n\n')
    .filter((frame) => frame.startsWith('event: ticket\n'))
    .map((frame) => JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? '{}').number as number);

const elapsed = (since: number) => Math.round(performance.now() - since);

/** The migrations shipped with this build (drizzle-kit's journal), oldest first. */
function shippedMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/** A buyer of the test bench: valid for the real reservation path, recognisable in logs. */
export const sandboxReservation = (numbers: number[], index: number) =>
  reservationSchema.parse({
    numbers,
    buyer: {
      name: `Comprador de prueba ${index + 1}`,
      phone: '0414-1234567',
      address: 'Banco de pruebas',
      cedula: `V-${10_000_000 + index}`,
    },
  });

export function createChecks(deps: CheckDeps): Record<TestBenchCheck, () => Promise<CheckOutcome>> {
  const { db } = deps;

  return {
    /** A round trip, and every shipped migration applied (the latest one last). */
    async database() {
      const start = performance.now();
      await testBenchRepo.ping(db);
      const pingMs = elapsed(start);
      const applied = await testBenchRepo.appliedMigrations(db);
      const shipped = shippedMigrations();
      const latestApplied = applied.at(-1);
      const latest = shipped.find((s) => s.when === latestApplied?.createdAt)?.tag ?? '—';
      const ok = applied.length === shipped.length && latestApplied?.createdAt === shipped.at(-1)?.when;
      return {
        ok,
        result: {
          detail: m.database(pingMs, latest, applied.length, shipped.length),
          ping_ms: pingMs,
          latest_migration: latest,
          applied: applied.length,
          shipped: shipped.length,
        },
      };
    },

    /**
     * A real sale in a sandbox raffle, timed until its change comes back as a frame of the raffle's
     * live stream (the same Server-Sent Events text an open raffle page receives), by way of the
     * database's change channel.
     */
    async realtime() {
      const raffle = await testBenchRepo.createSandbox(db, {
        totalNumbers: 10,
        sellerId: null,
        name: m.checkNames.realtime,
      });
      let stopStream = () => {};
      try {
        let start = 0;
        const seen = new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), REALTIME_TIMEOUT_MS);
          let received = '';
          stopStream = streamTicketEvents(
            (frame) => {
              received += frame;
              if (!sseTicketNumbers(received).includes(0)) return;
              clearTimeout(timer);
              resolve(elapsed(start));
            },
            deps.hub,
            raffle.id,
            null,
          );
        });
        start = performance.now();
        await deps.tickets.reserve(raffle.id, sandboxReservation([0], 0), { sandbox: true });
        const ms = await seen;
        return ms === null
          ? { ok: false, result: { detail: m.realtimeTimeout(REALTIME_TIMEOUT_MS) } }
          : { ok: true, result: { detail: m.realtime(ms), round_trip_ms: ms } };
      } finally {
        stopStream();
        await testBenchRepo.deleteSandbox(db, raffle.id);
      }
    },

    /** Write, read back, delete through the storage behind uploads; the files table never sees it. */
    async storage() {
      const key = `${randomUUID()}.txt`;
      const bytes = randomBytes(1024);
      try {
        await deps.storage.put(key, bytes, 'text/plain');
        const stream = await deps.storage.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
        if (!stream || !Buffer.concat(chunks).equals(bytes))
          return { ok: false, result: { detail: m.storageMismatch } };
      } finally {
        await deps.storage.delete(key);
      }
      const left = await deps.storage.get(key);
      if (left) left.destroy();
      if (left || (await testBenchRepo.fileRecorded(db, key)))
        return { ok: false, result: { detail: m.storageLeftover } };
      return { ok: true, result: { detail: m.storage(bytes.length), bytes: bytes.length } };
    },

    /** The bolívar rate: present, of today (Caracas) and fresh. */
    async rates() {
      const rate = await deps.rates.currentRate('VES');
      if (!rate) return { ok: false, result: { detail: m.ratesMissing } };
      const perUsd = formatBs(100, rate.rate_to_usd);
      const ageHours = Math.floor((Date.now() - new Date(rate.updated_at).getTime()) / 3_600_000);
      const figures = { rate_to_usd: rate.rate_to_usd, rate_date: rate.rate_date, age_hours: ageHours };
      if (rate.is_stale || ageHours > RATE_MAX_AGE_HOURS) {
        const [y, mo, d] = rate.rate_date.split('-');
        return { ok: false, result: { detail: m.ratesStale(perUsd, `${d}/${mo}/${y}`), ...figures } };
      }
      return { ok: true, result: { detail: m.rates(perUsd, ageHours), ...figures } };
    },

    /** Money is a ledger: every sale's paid figure equals its approved payments minus refunds. */
    async ledger() {
      const { checked, bad } = await testBenchRepo.ledgerMismatches(db);
      if (bad.length > 0) {
        const names = bad.map((b) => `${b.raffle} #${b.ticket_number}`).join(', ');
        return { ok: false, result: { detail: m.ledgerMismatch(bad.length, names), checked } };
      }
      return { ok: true, result: { detail: m.ledger(checked), checked } };
    },

    /** The audit log's hash chain, recomputed from its first entry (decision 025). */
    async audit() {
      const verdict = await deps.audit.verify();
      if (!verdict.ok)
        return {
          ok: false,
          result: { detail: m.auditBroken(verdict.first_broken_seq), ...verdict },
        };
      return { ok: true, result: { detail: m.audit(verdict.count), entries: verdict.count } };
    },

    /** The expiry job records each sweep: it must have run within a few of its intervals. */
    async expiry() {
      const last = await jobRunsRepo.last(db, EXPIRY_JOB_NAME);
      if (!last) return { ok: false, result: { detail: m.expiryNever } };
      const everyS = Number(last.result.every_s) || 60;
      const released = Number(last.result.released) || 0;
      const ageS = Math.max(0, Math.round((Date.now() - last.ranAt.getTime()) / 1000));
      const minutes = Math.floor(ageS / 60);
      const figures = { ran_at: last.ranAt.toISOString(), age_s: ageS, every_s: everyS, released };
      if (ageS > EXPIRY_LATE_INTERVALS * everyS + 60)
        return { ok: false, result: { detail: m.expiryLate(minutes), ...figures } };
      return { ok: true, result: { detail: m.expiry(minutes, released), ...figures } };
    },
  };
}
