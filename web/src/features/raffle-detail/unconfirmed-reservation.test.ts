// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetUnconfirmed, readUnconfirmed, rememberUnconfirmed } from './unconfirmed-reservation';

const body = {
  numbers: [21, 22],
  buyer: { name: 'María Pérez', phone: '0414-1234567', address: 'Valencia', cedula: 'V-12345678' },
  request_id: '2f1c6a53-8d0e-4b7a-9c1d-0e2f3a4b5c6d',
};
const visit = { cedula: 'V-12345678', buyerName: 'María Pérez', fresh: true };

beforeEach(() => sessionStorage.clear());

describe('a reservation whose answer never came, kept for this tab (decision 057)', () => {
  it('is read back per raffle with its key, and forgotten', () => {
    rememberUnconfirmed('r1', { body, visit });
    expect(readUnconfirmed('r1')).toMatchObject({ body, visit });
    expect(readUnconfirmed('r2')).toBeNull();
    forgetUnconfirmed('r1');
    expect(readUnconfirmed('r1')).toBeNull();
  });

  it('is not offered a day later, nor when what is stored is not one', () => {
    rememberUnconfirmed('r1', { body, visit });
    expect(readUnconfirmed('r1', Date.now() + 25 * 3600_000)).toBeNull();
    sessionStorage.setItem('rifas:sin-confirmar:r3', '{"body":{"numbers":[1]}}');
    expect(readUnconfirmed('r3')).toBeNull();
    sessionStorage.setItem('rifas:sin-confirmar:r4', 'not json');
    expect(readUnconfirmed('r4')).toBeNull();
  });
});
