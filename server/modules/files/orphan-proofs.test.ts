import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReservationResult } from '../../../domain/reservations';
import { tickets } from '../../db/schema';
import { files, jobRuns } from '../../db/schema-operations';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { JPEG, PDF, PNG, uploaded } from '../../test/uploads';
import { ORPHAN_PROOFS_JOB } from './files.service';
import { startOrphanProofsJob } from './orphan-proofs.job';

// A payment proof never sent with a reservation or a payment is deleted an hour after its upload:
// its row and its bytes (issue 10, item 6).
let t: TestApp;
let admin: string;
let raffleId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  raffleId = (await makeRaffle(t)).id;
});
afterAll(() => t?.close());

const ageHours = (key: string, hours: number) =>
  t.db
    .update(files)
    .set({ createdAt: sql`now() - ${hours}::float8 * interval '1 hour'` })
    .where(eq(files.key, key));

/** Row and bytes, looked at directly (not through the access rules of GET /api/files). */
async function stored(key: string) {
  const [row] = await t.db.select().from(files).where(eq(files.key, key));
  const stream = await t.app.services.storage.get(key);
  stream?.destroy();
  return { row: Boolean(row), bytes: Boolean(stream) };
}

const reserve = (number: number, payment_proof?: string) =>
  t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: buyer(), ...(payment_proof ? { payment_proof } : {}) },
  });

describe('orphan payment proofs cleanup', () => {
  it('deletes an hour-old proof on nothing; keeps attached ones, young ones and raffle photos', async () => {
    const orphan = await uploaded(t, PDF);
    const young = await uploaded(t, JPEG);
    const photo = await uploaded(t, PNG, { kind: 'raffle-image', token: admin });
    const onReservation = await uploaded(t, PDF);
    expect((await reserve(1, onReservation.fileUrl)).status).toBe(201);
    const onPayment = await uploaded(t, PDF);
    const [ticket] = (await reserve(2)).body.tickets;
    const paid = await t.api('POST', '/api/payments', {
      body: {
        ticket_id: ticket.id,
        amount_cents: 100,
        cedula: buyer().cedula,
        payment_proof: onPayment.fileUrl,
      },
    });
    expect(paid.status).toBe(201);
    const byHand = await uploaded(t, PDF, { token: admin });
    const set = await t.api('PATCH', `/api/tickets/${ticket.id}`, {
      token: admin,
      body: { payment_proof: byHand.fileUrl },
    });
    expect(set.status).toBe(200);
    // Written before URLs were checked strictly: the full URL still points at the upload.
    const legacy = await uploaded(t, PDF);
    const [legacySale] = (await reserve(3)).body.tickets;
    await t.db
      .update(tickets)
      .set({ paymentProof: `https://rifas.example${legacy.fileUrl}` })
      .where(eq(tickets.id, legacySale.id));

    for (const f of [orphan, photo, onReservation, onPayment, byHand, legacy]) await ageHours(f.key, 1.1);
    await ageHours(young.key, 0.9);
    expect(await stored(orphan.key)).toEqual({ row: true, bytes: true });

    const outcome = await t.app.services.files.deleteOrphanProofs();
    expect(outcome).toEqual({ deleted: 1, bytes: PDF.length, left_in_storage: 0 });
    expect(await stored(orphan.key)).toEqual({ row: false, bytes: false });
    expect((await t.api('GET', orphan.fileUrl, { token: admin })).status).toBe(404);
    for (const kept of [young, photo, onReservation, onPayment, byHand, legacy]) {
      expect(await stored(kept.key), kept.key).toEqual({ row: true, bytes: true });
    }
    const [run] = await t.db.select().from(jobRuns).where(eq(jobRuns.name, ORPHAN_PROOFS_JOB));
    expect(run?.result).toEqual({ deleted: 1, bytes: PDF.length, left_in_storage: 0 });

    // A second run finds nothing more.
    expect(await t.app.services.files.deleteOrphanProofs()).toMatchObject({ deleted: 0 });
  });

  it('a proof on a sale stays: the raffle of a sale cannot be deleted (issue 18)', async () => {
    const other = await makeRaffle(t);
    const proof = await uploaded(t, PDF);
    const res = await t.api('POST', `/api/raffles/${other.id}/reservations`, {
      body: { numbers: [4], buyer: buyer(), payment_proof: proof.fileUrl },
    });
    expect(res.status).toBe(201);
    await ageHours(proof.key, 48);
    expect(await t.app.services.files.deleteOrphanProofs()).toMatchObject({ deleted: 0 });
    expect((await t.api('DELETE', `/api/raffles/${other.id}`, { token: admin })).status).toBe(409);
    expect(await t.app.services.files.deleteOrphanProofs()).toMatchObject({ deleted: 0 });
    expect(await stored(proof.key)).toEqual({ row: true, bytes: true });
  });

  it('runs by itself once started, and records its run', async () => {
    await t.db.delete(jobRuns).where(eq(jobRuns.name, ORPHAN_PROOFS_JOB));
    const orphan = await uploaded(t, PDF);
    await ageHours(orphan.key, 30);
    const stop = startOrphanProofsJob(t.app.services.files, t.app.log, {
      firstRunMs: 0,
      everyMs: 60_000,
    });
    try {
      await vi.waitFor(
        async () => {
          const [run] = await t.db.select().from(jobRuns).where(eq(jobRuns.name, ORPHAN_PROOFS_JOB));
          expect(run?.result).toMatchObject({ deleted: 1 });
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      stop();
    }
    expect(await stored(orphan.key)).toEqual({ row: false, bytes: false });
  });
});
