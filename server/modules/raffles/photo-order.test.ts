import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicRaffle, Raffle } from '../../../domain/raffles';
import { makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { JPEG, PNG, uploaded, WEBP } from '../../test/uploads';

// Issue 23: the raffle's `images` order is the truth (the first is the cover): what the organizer
// sent, kept on create and edit, and served the same way to staff, the raffle page and the home list.
let t: TestApp;
let admin: string;
let photos: [string, string, string];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  const sent = await Promise.all(
    [
      [PNG, 'image/png', 'uno.png'],
      [JPEG, 'image/jpeg', 'dos.jpg'],
      [WEBP, 'image/webp', 'tres.webp'],
    ].map(([bytes, type, filename]) =>
      uploaded(t, bytes as Buffer, {
        kind: 'raffle-image',
        token: admin,
        type: String(type),
        filename: String(filename),
      }),
    ),
  );
  photos = sent.map((file) => file.fileUrl) as [string, string, string];
});
afterAll(() => t?.close());

async function imagesSeen(id: string) {
  const staff = await t.api<Raffle>('GET', `/api/raffles/${id}`, { token: admin });
  const page = await t.api<PublicRaffle>('GET', `/api/raffles/${id}`);
  const home = await t.api<PublicRaffle[]>('GET', '/api/raffles');
  return {
    staff: staff.body.images,
    page: page.body.images,
    home: home.body.find((raffle) => raffle.id === id)?.images,
  };
}

describe('prize photo order', () => {
  it('keeps the order sent on create, not the upload order', async () => {
    const [one, two, three] = photos;
    const raffle = await makeRaffle(t, { images: [three, one, two] });
    expect(raffle.images).toEqual([three, one, two]);
    expect(await imagesSeen(raffle.id)).toEqual({
      staff: [three, one, two],
      page: [three, one, two],
      home: [three, one, two],
    });
  });

  it('keeps a reorder sent on edit: the photo moved first is the cover everywhere', async () => {
    const [one, two, three] = photos;
    const raffle = await makeRaffle(t, { images: [one, two, three] });
    const edited = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { images: [two, three, one] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.images).toEqual([two, three, one]);
    expect(await imagesSeen(raffle.id)).toEqual({
      staff: [two, three, one],
      page: [two, three, one],
      home: [two, three, one],
    });
    // Removing the cover makes the next photo the cover; nothing else moves.
    await t.api('PATCH', `/api/raffles/${raffle.id}`, { token: admin, body: { images: [three, one] } });
    expect((await imagesSeen(raffle.id)).page).toEqual([three, one]);
  });
});
