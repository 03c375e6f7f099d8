// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPaymentDraft, keepPaymentDraft, readPaymentDraft } from './order-payment-draft';

const values = { payment_method: 'pago_movil' as const, bank_code: '0102' as const, reference: '00123456' };
const proof = { fileName: 'pago.png', fileUrl: '/api/uploads/abc.png' };

beforeEach(() => sessionStorage.clear());

describe('a payment report being typed, kept for this tab until it is sent', () => {
  it('is read back per order, with its proof, and forgotten', () => {
    keepPaymentDraft('K7M4Q2XA', { values, proof }, 0);
    expect(readPaymentDraft('K7M4Q2XA', 0)).toMatchObject({ values, proof });
    expect(readPaymentDraft('OTRO0000', 0)).toBeNull();
    forgetPaymentDraft('K7M4Q2XA');
    expect(readPaymentDraft('K7M4Q2XA', 0)).toBeNull();
  });

  it('is not offered once the order lists one payment more: it was sent, its answer lost', () => {
    keepPaymentDraft('K7M4Q2XA', { values, proof }, 1);
    expect(readPaymentDraft('K7M4Q2XA', 1)).not.toBeNull();
    expect(readPaymentDraft('K7M4Q2XA', 2)).toBeNull();
    // Typed on: the draft still counts from its start, so a payment sent meanwhile still shows.
    keepPaymentDraft('K7M4Q2XA', { values: { ...values, reference: '00999' }, proof }, 1);
    expect(readPaymentDraft('K7M4Q2XA', 1)?.paymentsBefore).toBe(1);
  });

  it('a day old, or unreadable, is not offered', () => {
    keepPaymentDraft('K7M4Q2XA', { values, proof: null }, 0);
    expect(readPaymentDraft('K7M4Q2XA', 0, Date.now() + 25 * 3600_000)).toBeNull();
    sessionStorage.setItem('rifas:pago:K7M4Q2XA', '{not json');
    expect(readPaymentDraft('K7M4Q2XA', 0)).toBeNull();
  });
});
