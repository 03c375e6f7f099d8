import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notifyPayloads, TICKETS_PER_NOTIFY } from '../tickets/ticket-changes';
import { caracasStamp, csvCell, dateCell, fileSlug } from './tickets-csv';

describe('CSV cells', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('maría pérez')).toBe('maría pérez');
    expect(csvCell('Pérez; hijo')).toBe('"Pérez; hijo"');
    expect(csvCell('el "Gocho"')).toBe('"el ""Gocho"""');
    expect(csvCell('línea\nsegunda')).toBe('"línea\nsegunda"');
    expect(csvCell(null)).toBe('');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+58 414')).toBe("'+58 414");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('-2,5,3')).toBe("'-2,5,3");
  });

  it('writes a plain negative amount as a number, so a column sum counts it (a seller who owes)', () => {
    expect(csvCell('-1,00')).toBe('-1,00');
    expect(csvCell('-120')).toBe('-120');
  });

  it('names the file after the raffle without accents', () => {
    expect(fileSlug('Gran Rifa Navideña: ¡Moto 0 km!')).toBe('gran-rifa-navidena-moto-0-km');
    expect(fileSlug('¡¡!!')).toBe('rifa');
  });
});

describe('NOTIFY payloads', () => {
  it('stay under PostgreSQL’s 8,000-byte cap however many tickets of one raffle change', () => {
    const raffleId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      raffleId,
      number: 999_000 + i,
      status: 'disponible',
      version: 9_007_199_254_740 + i,
    }));
    const payloads = notifyPayloads(rows);
    expect(payloads).toHaveLength(1000 / TICKETS_PER_NOTIFY);
    for (const p of payloads) expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThan(8000);
    expect(payloads.flatMap((p) => p.tickets.map((x) => x.number))).toEqual(rows.map((r) => r.number));
  });
});

describe('blank numbers in the CSV', () => {
  it('write the same line as ticketCsvLine, with or without a rate', async () => {
    const { ticketCsvLine, blankLineTail } = await import('./tickets-csv');
    const row = {
      id: null,
      status: 'disponible',
      ticketNumber: '000042',
      buyerName: null,
      buyerPhone: null,
      buyerCedula: null,
      buyerEmail: null,
      buyerAddress: null,
      paymentMethod: null,
      totalPaidCents: 0,
      remainingCents: 0,
      purchasedAt: null,
      reservedUntil: null,
      orderCode: null,
      paidVesCents: null,
    } as unknown as Parameters<typeof ticketCsvLine>[0];
    for (const rate of [null, 245.5]) expect(`000042${blankLineTail(rate)}`).toBe(ticketCsvLine(row, rate));
  });
});

describe('the Bs owed in the CSV', () => {
  it('is the céntimos every screen shows: $1 at 36,035 Bs is Bs 36,04, though 100 × 36.035 is 3603.4999…', async () => {
    const { ticketCells, ticketCsvLine } = await import('./tickets-csv');
    const row = {
      status: 'apartado',
      ticketNumber: '007',
      totalPaidCents: 0,
      remainingCents: 100,
      purchasedAt: null,
      reservedUntil: null,
    } as unknown as Parameters<typeof ticketCsvLine>[0];
    expect(ticketCells(row, 36.035)[14]).toBe(3604);
    expect(ticketCsvLine(row, 36.035).split(';').slice(13, 15)).toEqual(['0,00', '36,04']);
  });
});

describe('a CSV of blank numbers', () => {
  it('is what ticketCsvLine writes for each, padded as lpad, in pieces of about 256 KB', async () => {
    const { ticketCsv, blankLineTail } = await import('./tickets-csv');
    async function* ranges() {
      yield [{ blank: true as const, from: 0, to: 12_345, digitCount: 5 }];
      yield [{ blank: true as const, from: 12_345, to: 12_346, digitCount: 5 }];
    }
    const chunks: (string | Buffer)[] = [];
    for await (const chunk of ticketCsv(ranges as never, Promise.resolve(245.5))) chunks.push(chunk);
    const text = chunks.slice(1).map(String).join('');
    const tail = blankLineTail(245.5);
    const expected = Array.from({ length: 12_346 }, (_, n) => String(n).padStart(5, '0') + tail).join('');
    expect(text).toBe(expected);
    // 12,345 lines of ~60 bytes: cut at 256 KB (after a 5,000-line piece), then the rest; then the last chunk.
    expect(chunks.slice(1).map((c) => c.length)).toEqual([
      10_000 * (5 + tail.length),
      2_345 * (5 + tail.length),
      5 + tail.length,
    ]);
  });
});

describe('date cells', () => {
  // Written by UTC minute from a cache: each must still read as Intl writes it in Caracas.
  const direct = (d: Date) => caracasStamp.format(d).replace(',', '');

  it('write every instant as Intl does, however many share a minute', () => {
    const instants = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
    // Each instant, then one up to 3 minutes either side: the same minute or a neighbour, whose
    // stamp the cache must not lend the other.
    const nearby = fc.integer({ min: -180_000, max: 180_000 });
    fc.assert(
      fc.property(fc.array(fc.tuple(instants, nearby), { minLength: 1 }), (pairs) => {
        for (const [at, delta] of pairs)
          for (const d of [new Date(at), new Date(at + delta)]) expect(dateCell(d)).toBe(direct(d));
      }),
    );
  });

  it('write "2026-11-21 20:00" for midnight UTC (Caracas is UTC-4), and nothing for no date', () => {
    expect(dateCell(new Date('2026-11-22T00:00:59.999Z'))).toBe('2026-11-21 20:00');
    expect(dateCell(new Date('2026-11-22T00:01:00Z'))).toBe('2026-11-21 20:01');
    expect(dateCell(null)).toBe('');
  });
});
