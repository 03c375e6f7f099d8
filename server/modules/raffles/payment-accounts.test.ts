import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiValidationError } from '../../../domain/api';
import { paymentAccountMessages } from '../../../domain/payment-accounts';
import type { PublicRaffle, Raffle } from '../../../domain/raffles';
import { makeRaffle, raffleInput } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 18: a raffle's payment accounts as data, checked when saved, public on the raffle page.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const ACCOUNTS = [
  {
    method: 'pago_movil',
    bank_code: '0102',
    phone: '+58 414 555 1234',
    id_document: 'v 12.345.678',
    holder: ' Rifas El Trébol ',
  },
  {
    method: 'transfer',
    bank_code: '0134',
    account_number: '0134-0001-23-4567890123',
    holder: 'Inversiones Trébol C.A.',
    id_document: 'j-40123456-7',
  },
  { method: 'zelle', email: 'Pagos@Trebol.com ', holder: 'María Pérez' },
  { method: 'binance', binance_id: '123456789', holder: 'María Pérez' },
  { method: 'efectivo', holder: 'Oficina Centro' },
];

describe('payment_accounts on raffles', () => {
  it('stores the accounts normalized and shows them on the public raffle, after the instructions', async () => {
    const raffle = await makeRaffle(t, {
      payment_accounts: ACCOUNTS,
      payment_instructions: 'Envía el comprobante por WhatsApp.',
    });
    const expected = [
      {
        method: 'pago_movil',
        bank_code: '0102',
        phone: '0414-5551234',
        id_document: 'V-12345678',
        holder: 'Rifas El Trébol',
      },
      {
        method: 'transfer',
        bank_code: '0134',
        account_number: '01340001234567890123',
        holder: 'Inversiones Trébol C.A.',
        id_document: 'J-40123456-7',
      },
      { method: 'zelle', email: 'Pagos@Trebol.com', holder: 'María Pérez' },
      { method: 'binance', binance_id: '123456789', holder: 'María Pérez' },
      { method: 'efectivo', holder: 'Oficina Centro' },
    ];
    expect(raffle.payment_accounts).toEqual(expected);
    const publicView = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(publicView.body.payment_accounts).toEqual(expected);
    expect(publicView.body.payment_instructions).toBe('Envía el comprobante por WhatsApp.');
    const listed = (await t.api<PublicRaffle[]>('GET', '/api/raffles')).body.find((r) => r.id === raffle.id);
    expect(listed?.payment_accounts).toEqual(expected);
  });

  it('starts empty, and an edit replaces the list (or clears it)', async () => {
    const raffle = await makeRaffle(t);
    expect(raffle.payment_accounts).toEqual([]);
    const edited = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { payment_accounts: [ACCOUNTS[2]] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.payment_accounts).toEqual([
      { method: 'zelle', email: 'Pagos@Trebol.com', holder: 'María Pérez' },
    ]);
    const named = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { name: 'Otra' },
    });
    expect(named.body.payment_accounts).toHaveLength(1);
    const cleared = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { payment_accounts: [] },
    });
    expect(cleared.body.payment_accounts).toEqual([]);
  });

  // A wrong value is a 422; a missing field or an unknown bank or method is a wrong shape, 400
  // (decision 001). Either way the Spanish message comes on the field's path.
  const m = paymentAccountMessages;
  const pagoMovil = ACCOUNTS[0];
  const transfer = ACCOUNTS[1];
  const cases: [string, object, string, string, 400 | 422][] = [
    ['a bad phone', { ...pagoMovil, phone: '123' }, 'phone', m.phone, 422],
    ['an unknown bank', { ...pagoMovil, bank_code: '9999' }, 'bank_code', m.bank, 400],
    ['a bad cédula or RIF', { ...pagoMovil, id_document: 'X-1' }, 'id_document', m.idDocument, 422],
    ['no holder', { ...pagoMovil, holder: undefined }, 'holder', m.holder, 400],
    [
      'a short account number',
      { ...transfer, account_number: '0134 123' },
      'account_number',
      m.accountNumber,
      422,
    ],
    [
      'an account number of another bank',
      { ...transfer, account_number: '01020001234567890123' },
      'account_number',
      m.accountOfBank('0134'),
      422,
    ],
    ['a bad e-mail', { ...ACCOUNTS[2], email: 'pagos@' }, 'email', m.email, 422],
    [
      'Binance with neither id nor e-mail',
      { method: 'binance', holder: 'Ana' },
      'binance_id',
      m.binanceIdOrEmail,
      422,
    ],
    [
      'a Binance id with letters',
      { method: 'binance', binance_id: 'abc', holder: 'Ana' },
      'binance_id',
      m.binanceId,
      422,
    ],
    ['an unknown method', { method: 'paypal', holder: 'Ana' }, 'method', m.method, 400],
  ];
  it.each(cases)(
    'refuses %s with its Spanish message on the field',
    async (_what, account, field, message, status) => {
      const res = await t.api<ApiValidationError>('POST', '/api/raffles', {
        token: admin,
        body: raffleInput({ payment_accounts: [pagoMovil, account] }),
      });
      expect(res.status).toBe(status);
      expect(res.body.error.fields).toContainEqual({ path: `payment_accounts.1.${field}`, message });
    },
  );

  it('refuses more than the maximum, and a field its method does not take', async () => {
    const many = await t.api<ApiValidationError>('POST', '/api/raffles', {
      token: admin,
      body: raffleInput({ payment_accounts: Array.from({ length: 11 }, () => ACCOUNTS[4]) }),
    });
    expect(many.status).toBe(422);
    expect(many.body.error.fields).toContainEqual({
      path: 'payment_accounts',
      message: paymentAccountMessages.tooMany,
    });
    const stray = await t.api('POST', '/api/raffles', {
      token: admin,
      body: raffleInput({ payment_accounts: [{ ...ACCOUNTS[2], account_number: '01340001234567890123' }] }),
    });
    expect(stray.status).toBe(400);
  });
});
