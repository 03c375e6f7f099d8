import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { download, errorOf, JPEG, PDF, uploaded } from '../../test/uploads';

// A payment proof shows a buyer's bank data: readable by an admin, or by the vendedor who owns
// the raffle it was sent for; one on no sale or payment yet, by an admin or its staff uploader.
let t: TestApp;
let admin: string;
let ana: string; // vendedora, owns raffleA
let beto: string; // vendedor, owns raffleB
let raffleA: string;
let raffleB: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  ana = (await makeUser(t)).token;
  beto = (await makeUser(t)).token;
  raffleA = (await makeRaffle(t, {}, ana)).id;
  raffleB = (await makeRaffle(t, {}, beto)).id;
});
afterAll(() => t?.close());

const statusFor = async (key: string, token?: string) => (await download(t, key, token)).status;

/** Who may read the proof: [anonymous, admin, ana, beto]. */
const readers = async (key: string) =>
  Promise.all([statusFor(key), statusFor(key, admin), statusFor(key, ana), statusFor(key, beto)]);

const reserve = (raffleId: string, number: number, payment_proof?: string) =>
  t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: buyer(), ...(payment_proof ? { payment_proof } : {}) },
  });

describe('reading a payment proof', () => {
  it('sent with a reservation: the admin and the raffle’s vendedora, not another vendedor', async () => {
    const proof = await uploaded(t, JPEG);
    expect((await reserve(raffleA, 1, proof.fileUrl)).status).toBe(201);
    expect(await readers(proof.key)).toEqual([401, 200, 200, 403]);
    const refused = await download(t, proof.key, beto);
    expect(errorOf(refused.bytes)).toMatchObject({
      code: 'NOT_YOUR_PROOF',
      message: 'Este comprobante es de una rifa que no administras.',
    });
    const seen = await download(t, proof.key, ana);
    expect(seen.bytes.equals(JPEG)).toBe(true);
    // The same rule for a width asked of a proof (proofs have no copies: the original).
    expect((await download(t, `${proof.key}?w=400`, beto)).status).toBe(403);
    expect((await download(t, `${proof.key}?w=400`, ana)).status).toBe(200);
  });

  it('sent with a later payment only (not on the sale): the same owners', async () => {
    const [ticket] = (await reserve(raffleB, 2)).body.tickets;
    const proof = await uploaded(t, PDF);
    const paid = await t.api('POST', '/api/payments', {
      body: { ticket_id: ticket.id, amount_cents: 100, cedula: buyer().cedula, payment_proof: proof.fileUrl },
    });
    expect(paid.status).toBe(201);
    expect(await readers(proof.key)).toEqual([401, 200, 403, 200]);
  });

  it('set on a sale by hand: only that raffle’s vendedor', async () => {
    const proof = await uploaded(t, PDF, { token: beto });
    const res = await t.api('PATCH', `/api/raffles/${raffleB}/numbers/7`, {
      token: beto,
      body: { status: 'pagado', buyer_name: 'Pedro', payment_proof: proof.fileUrl },
    });
    expect(res.status).toBe(200);
    expect(await readers(proof.key)).toEqual([401, 200, 403, 200]);
  });

  it('on nothing yet: the admin, and its uploader if staff; a buyer’s upload only the admin', async () => {
    const anasOwn = await uploaded(t, PDF, { token: ana });
    expect(await readers(anasOwn.key)).toEqual([401, 200, 200, 403]);
    const buyers = await uploaded(t, PDF);
    expect(await readers(buyers.key)).toEqual([401, 200, 403, 403]);
  });

  it('an uploader loses sight of a proof once it is sent for another vendedor’s raffle', async () => {
    const proof = await uploaded(t, PDF, { token: beto });
    expect(await statusFor(proof.key, beto)).toBe(200);
    expect((await reserve(raffleA, 9, proof.fileUrl)).status).toBe(201);
    expect(await readers(proof.key)).toEqual([401, 200, 200, 403]);
  });

  it('a proof belongs to its first raffle: put on another raffle’s sale or payment it is refused (decision 079)', async () => {
    const proof = await uploaded(t, PDF);
    expect((await reserve(raffleA, 11, proof.fileUrl)).status).toBe(201);
    const message = 'Este comprobante ya está registrado en otra rifa. Sube el comprobante de este pago.';
    const refusedOf = (res: { status: number; body: unknown }) => {
      expect(res.status).toBe(422);
      expect((res.body as { error: unknown }).error).toMatchObject({
        code: 'INVALID_PAYMENT_PROOF',
        message,
        fields: [{ path: 'payment_proof', message }],
      });
    };
    // A buyer's reservation on beto's raffle, beto's sale by hand and by number, beto's payment.
    refusedOf(await reserve(raffleB, 11, proof.fileUrl));
    const [own] = (await reserve(raffleB, 12)).body.tickets;
    refusedOf(
      await t.api('PATCH', `/api/tickets/${own?.id}`, {
        token: beto,
        body: { payment_proof: proof.fileUrl },
      }),
    );
    refusedOf(
      await t.api('PATCH', `/api/raffles/${raffleB}/numbers/13`, {
        token: beto,
        body: { status: 'apartado', buyer_name: 'Pedro', payment_proof: proof.fileUrl },
      }),
    );
    refusedOf(
      await t.api('POST', '/api/payments', {
        token: beto,
        body: {
          ticket_id: own?.id,
          amount_cents: 100,
          payment_method: 'zelle',
          payment_proof: proof.fileUrl,
        },
      }),
    );
    refusedOf(
      await t.api('POST', '/api/payments', {
        body: { ticket_id: own?.id, amount_cents: 100, cedula: buyer().cedula, payment_proof: proof.fileUrl },
      }),
    );
    // Nothing was written: beto still cannot read it, ana and the admin can.
    expect(await readers(proof.key)).toEqual([401, 200, 200, 403]);
    // On its own raffle it goes on again (another number, a later payment).
    expect((await reserve(raffleA, 14, proof.fileUrl)).status).toBe(201);
  });

  it('raffle photos stay public', async () => {
    const photo = await uploaded(t, JPEG, { kind: 'raffle-image', token: ana });
    expect(await readers(photo.key)).toEqual([200, 200, 200, 200]);
  });
});
