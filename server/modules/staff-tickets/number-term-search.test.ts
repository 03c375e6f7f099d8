// Issue 23: a bare number of one to three digits is a ticket number, not phone digits ("7" returned
// every buyer whose phone holds a 7); from four digits on it also finds phones and cédulas, and the
// number typed comes first. The staff list (both of its query paths) and the buyers screen agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationResult } from '../../../domain/reservations';
import type { RaffleBuyersPage, TicketPage } from '../../../domain/staff-tickets';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let raffleId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  raffleId = (await makeRaffle(t, { total_numbers: 10_000, digit_count: 4 })).id;
  const sales: [number[], Record<string, unknown>][] = [
    [[7], { name: 'ana gómez', phone: '0414-1112233', cedula: 'V-11111111' }],
    // Her phone and cédula are full of 7s and hold "4567"; none of her numbers has a 7.
    [[15], { name: 'maría núñez', phone: '0424-7774567', cedula: 'V-17777777' }],
    [[27, 70], { name: 'luis pérez', phone: '0412-3334455', cedula: 'V-22222222' }],
    [[4567], { name: 'josé díaz', phone: '0416-8889900', cedula: 'E-33333333' }],
  ];
  for (const [numbers, who] of sales) {
    const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers, buyer: buyer(who) },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(() => t?.close());

const numbersFound = async (query: string) => {
  const res = await t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?${query}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.items.map((x) => x.ticket_number);
};

const buyersFound = async (search: string) => {
  const res = await t.api<RaffleBuyersPage>(
    'GET',
    `/api/raffles/${raffleId}/buyers?search=${encodeURIComponent(search)}`,
    { token: admin },
  );
  expect(res.status).toBe(200);
  return res.body.items.map((x) => x.buyer_name).sort();
};

describe('a bare number in the staff search', () => {
  it('of one to three digits matches ticket numbers only, the typed number first', async () => {
    // Sales only (a status filter without disponible).
    expect(await numbersFound('status=apartado&search=7')).toEqual(['0007', '0027', '0070', '4567']);
    expect(await numbersFound('status=apartado&search=777')).toEqual([]);
    // Every number, available ones included: the first row is the number typed.
    const all = await numbersFound('search=7&per_page=50');
    expect(all[0]).toBe('0007');
    expect(all.every((n) => n.includes('7'))).toBe(true);
    expect(all).not.toContain('0015');
    expect(await numbersFound('status=apartado&search=015')).toEqual(['0015']);
    expect((await numbersFound('search=015'))[0]).toBe('0015');
    expect(await buyersFound('7')).toEqual(['ana gómez', 'josé díaz', 'luis pérez']);
  });

  it('of four digits or more also finds phones and cédulas, the typed number first', async () => {
    expect(await numbersFound('status=apartado&search=4567')).toEqual(['4567', '0015']);
    expect(await numbersFound('search=4567')).toEqual(['4567', '0015']);
    expect(await numbersFound('status=apartado&search=7777')).toEqual(['0015']);
    expect(await buyersFound('4567')).toEqual(['josé díaz', 'maría núñez']);
    expect(await buyersFound('17777777')).toEqual(['maría núñez']);
  });

  it('list rows carry their sale’s verification code (the printed ticket showed "undefined")', async () => {
    const res = await t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?search=0007`, {
      token: admin,
    });
    const [sold, ...rest] = res.body.items;
    expect(sold?.ticket_number).toBe('0007');
    expect(sold?.verification_code).toMatch(/^[346789A-Z]{10}$/);
    const available = (
      await t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?search=0008`, {
        token: admin,
      })
    ).body.items[0];
    expect(available).toMatchObject({ ticket_number: '0008', status: 'disponible', verification_code: null });
    expect(rest.every((x) => x.verification_code !== 'undefined')).toBe(true);
  });

  it('a cédula as staff write it (dots, a space, lower case) finds its buyer in the list and the buyers screen', async () => {
    for (const term of ['V-17.777.777', 'v 17777777', '17.777.777']) {
      expect(await numbersFound(`status=apartado&search=${encodeURIComponent(term)}`), term).toEqual([
        '0015',
      ]);
      expect(await buyersFound(term), term).toEqual(['maría núñez']);
    }
    expect(await buyersFound('E-33.333.333')).toEqual(['josé díaz']);
  });

  it('with letters or a dash stays a search of every field', async () => {
    expect(await numbersFound('status=apartado&search=V-1')).toEqual(['0007', '0015']);
    expect(await numbersFound('status=apartado&search=núñez')).toEqual(['0015']);
  });
});
