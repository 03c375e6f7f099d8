import { eq, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiValidationError } from '../../../domain/api';
import type { PublicCreatePaymentResult } from '../../../domain/payments';
import type { Raffle } from '../../../domain/raffles';
import type { ReservationResult } from '../../../domain/reservations';
import type { StaffTicket, TicketPage } from '../../../domain/staff-tickets';
import { raffles, tickets } from '../../db/schema';
import { payments } from '../../db/schema-money';
import { files } from '../../db/schema-operations';
import { buyer, makeRaffle, makeUser, raffleInput } from '../../test/factories';
import { type ApiResponse, createTestApp, type TestApp } from '../../test/test-app';
import { PDF, PNG, uploaded } from '../../test/uploads';

// Every place a client hands the server the URL of an upload accepts only `/api/files/<key>` of
// an upload of this server, of the right kind (issue 10, item 4).
let t: TestApp;
let admin: string;
let seller: string;
let raffleId: string;
let proof: { fileUrl: string; key: string };
let image: { fileUrl: string; key: string };
/** URLs that are not an upload of this server of the asked kind. */
let foreignProofs: string[];

const PROOF_MESSAGE = 'El comprobante no es un archivo subido válido';
const IMAGE_MESSAGE = 'La imagen no es una imagen subida para rifas';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  seller = (await makeUser(t)).token;
  raffleId = (await makeRaffle(t, {}, seller)).id;
  proof = await uploaded(t, PDF);
  image = await uploaded(t, PNG, { kind: 'raffle-image', token: admin });
  foreignProofs = [
    'https://evil.example/comprobante.png',
    `https://evil.example/api/files/${proof.key}`,
    `//evil.example/api/files/${proof.key}`,
    image.fileUrl, // an upload, but a raffle photo
    '/api/files/00000000-0000-4000-8000-000000000000.pdf',
    '',
  ];
});
afterAll(() => t?.close());

const reserve = <T = ReservationResult>(numbers: number[], extra: Record<string, unknown> = {}) =>
  t.api<T>('POST', `/api/raffles/${raffleId}/reservations`, { body: { numbers, buyer: buyer(), ...extra } });

function expectFieldError(res: ApiResponse<ApiValidationError>, path: string, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error.message).toBe(message);
  expect(res.body.error.fields).toEqual([{ path, message }]);
}

/** Nothing foreign reached the database, whatever was refused above. */
async function expectNothingForeignStored() {
  const foreign = (column: typeof tickets.paymentProof | typeof payments.paymentProof) =>
    or(like(column, '%evil%'), like(column, 'http%'), eq(column, ''));
  expect(await t.db.select().from(tickets).where(foreign(tickets.paymentProof))).toEqual([]);
  expect(await t.db.select().from(payments).where(foreign(payments.paymentProof))).toEqual([]);
  const images = await t.db.select({ images: raffles.images }).from(raffles);
  for (const url of images.flatMap((r) => r.images))
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.\w+$/);
}

describe('raffle images', () => {
  const foreignImages = () => [
    'https://evil.example/premio.jpg',
    `https://evil.example/api/files/${image.key}`,
    proof.fileUrl, // an upload, but a payment proof
    '/api/files/../../etc/passwd',
  ];

  it('creating: only this server’s raffle photos, each refused with its index', async () => {
    for (const url of foreignImages()) {
      const res = await t.api<ApiValidationError>('POST', '/api/raffles', {
        token: seller,
        body: raffleInput({ images: [image.fileUrl, url] }),
      });
      expectFieldError(res, 'images.1', IMAGE_MESSAGE);
    }
    const ok = await t.api<Raffle>('POST', '/api/raffles', {
      token: seller,
      body: raffleInput({ images: [image.fileUrl] }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.images).toEqual([image.fileUrl]);
  });

  it('updating: the same check, and nothing changes when refused', async () => {
    const raffle = await makeRaffle(t, { images: [image.fileUrl] }, seller);
    for (const url of foreignImages()) {
      const res = await t.api<ApiValidationError>('PATCH', `/api/raffles/${raffle.id}`, {
        token: seller,
        body: { images: [image.fileUrl, url], name: 'Cambiada' },
      });
      expectFieldError(res, 'images.1', IMAGE_MESSAGE);
    }
    const after = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: seller });
    expect(after.body).toMatchObject({ name: raffle.name, images: [image.fileUrl] });
    const second = await uploaded(t, PNG, { kind: 'raffle-image', token: seller });
    const ok = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: seller,
      body: { images: [second.fileUrl, image.fileUrl] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.images).toEqual([second.fileUrl, image.fileUrl]);
  });

  it('another seller’s raffle still answers 403 before its images are looked at', async () => {
    const other = await makeUser(t);
    const raffle = await makeRaffle(t, {}, seller);
    const res = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: other.token,
      body: { images: ['https://evil.example/x.png'] },
    });
    expect(res.status).toBe(403);
  });
});

describe('payment proofs', () => {
  it('a reservation’s payment_proof', async () => {
    for (const url of foreignProofs) {
      expectFieldError(
        await reserve<ApiValidationError>([1], { payment_proof: url }),
        'payment_proof',
        PROOF_MESSAGE,
      );
    }
    const ok = await reserve([1], { payment_proof: proof.fileUrl });
    expect(ok.status).toBe(201);
    expect(ok.body.tickets[0].payment_proof).toBe(proof.fileUrl);
  });

  it('POST /api/payments, from the ticket and from tracking (number + cedula + phone)', async () => {
    const [ticket] = (await reserve([2])).body.tickets;
    const { cedula, phone } = buyer();
    const fromTicket = <T = PublicCreatePaymentResult>(payment_proof: string) =>
      t.api<T>('POST', '/api/payments', {
        body: { ticket_id: ticket.id, amount_cents: 100, cedula, payment_proof },
      });
    const fromTracking = <T = PublicCreatePaymentResult>(payment_proof: string) =>
      t.api<T>('POST', '/api/payments', {
        body: {
          raffle_id: raffleId,
          number: 2,
          cedula,
          phone_last4: phone.slice(-4),
          amount_cents: 100,
          payment_proof,
        },
      });
    for (const url of foreignProofs) {
      expectFieldError(await fromTicket<ApiValidationError>(url), 'payment_proof', PROOF_MESSAGE);
      expectFieldError(await fromTracking<ApiValidationError>(url), 'payment_proof', PROOF_MESSAGE);
    }
    const second = await uploaded(t, PNG);
    expect((await fromTicket(proof.fileUrl)).body.payment.payment_proof).toBe(proof.fileUrl);
    expect((await fromTracking(second.fileUrl)).body.payment.payment_proof).toBe(second.fileUrl);
  });

  it('staff PATCH /api/tickets/:id: refused, set, and cleared with null', async () => {
    const [ticket] = (await reserve([3])).body.tickets;
    for (const url of foreignProofs) {
      const res = await t.api<ApiValidationError>('PATCH', `/api/tickets/${ticket.id}`, {
        token: seller,
        body: { payment_proof: url },
      });
      expectFieldError(res, 'payment_proof', PROOF_MESSAGE);
    }
    const mine = await uploaded(t, PDF, { token: seller });
    const set = await t.api<StaffTicket>('PATCH', `/api/tickets/${ticket.id}`, {
      token: seller,
      body: { payment_proof: mine.fileUrl },
    });
    expect(set.status).toBe(200);
    expect(set.body.payment_proof).toBe(mine.fileUrl);
    const cleared = await t.api<StaffTicket>('PATCH', `/api/tickets/${ticket.id}`, {
      token: seller,
      body: { payment_proof: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.payment_proof).toBeNull();
  });

  it('staff PATCH /api/raffles/:id/numbers/:number: a refused proof creates no sale', async () => {
    for (const url of foreignProofs) {
      const res = await t.api<ApiValidationError>('PATCH', `/api/raffles/${raffleId}/numbers/40`, {
        token: seller,
        body: { status: 'apartado', buyer_name: 'Luis', payment_proof: url },
      });
      expectFieldError(res, 'payment_proof', PROOF_MESSAGE);
    }
    const board = await t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?search=40`, {
      token: seller,
    });
    expect(board.body.items.find((i: { number: number }) => i.number === 40)?.status).toBe('disponible');
    const ok = await t.api<StaffTicket>('PATCH', `/api/raffles/${raffleId}/numbers/40`, {
      token: seller,
      body: { status: 'apartado', buyer_name: 'Luis', payment_proof: proof.fileUrl },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payment_proof).toBe(proof.fileUrl);
  });

  it('a proof left unused for 45 minutes can no longer be sent; one already sent still can', async () => {
    const stale = await uploaded(t, PDF);
    const ageHours = async (key: string, hours: number) =>
      t.db
        .update(files)
        .set({ createdAt: sql`now() - ${hours}::float8 * interval '1 hour'` })
        .where(eq(files.key, key));
    await ageHours(stale.key, 0.8);
    const res = await reserve<ApiValidationError>([5], { payment_proof: stale.fileUrl });
    expectFieldError(
      res,
      'payment_proof',
      'Este comprobante se subió hace más de 45 minutos y ya no se puede usar. Súbelo de nuevo.',
    );
    // The proof of a reservation made earlier is attached: staff may still copy it elsewhere.
    const sent = await uploaded(t, PDF);
    const [ticket] = (await reserve([6], { payment_proof: sent.fileUrl })).body.tickets;
    await ageHours(sent.key, 30);
    const again = await t.api('PATCH', `/api/tickets/${ticket.id}`, {
      token: seller,
      body: { payment_proof: sent.fileUrl },
    });
    expect(again.status).toBe(200);
  });

  it('stored nothing foreign anywhere', async () => {
    await expectNothingForeignStored();
  });
});
