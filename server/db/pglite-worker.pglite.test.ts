import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase, queryRows } from './client';
import { BACKGROUND_MAX_WAIT_MS } from './pglite-worker-client';

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });
const sample = pgTable('sample', {
  id: integer().primaryKey(),
  big: bigint({ mode: 'bigint' }),
  bigNumber: bigint('big_number', { mode: 'number' }),
  amount: numeric(),
  at: timestamp({ withTimezone: true, mode: 'string' }),
  atDate: timestamp('at_date', { withTimezone: true, mode: 'date' }),
  day: date(),
  span: interval(),
  flag: boolean(),
  data: jsonb(),
  tags: text().array(),
  counts: integer().array(),
  blob: bytea(),
  key: uuid(),
});
const createSample = sql`create table sample (id int primary key, big int8, big_number int8, amount numeric,
  at timestamptz, at_date timestamptz, day date, span interval, flag boolean, data jsonb, tags text[],
  counts int[], blob bytea, key uuid)`;
const row = {
  id: 1,
  big: 9_007_199_254_740_993n,
  bigNumber: 42,
  amount: '12.50',
  at: '2026-03-01 10:00:00-04',
  atDate: new Date('2026-03-01T14:00:00.123Z'),
  day: '2026-03-01',
  span: '1 day 02:00:00',
  flag: true,
  data: { nombre: 'María', números: [1, 2], nada: null },
  tags: ['a', 'b c', ''],
  counts: [1, 2, 3],
  blob: new Uint8Array([0, 1, 255]),
  key: '6f1c2f1e-4b7a-4a53-9a43-1f6f1b2c3d4e',
};
const rawQuery = sql`select ${row.id}::int8 as small_bigint, 2^62::int8 as big, now() - now() as span,
  '2026-03-01'::date as day, '{1.5,2}'::numeric[] as amounts, null as nothing, '{"a":[1]}'::json as json,
  '\\x00ff'::bytea as blob, 1.5::float8 as float, 'NaN'::numeric as nan`;

// The worker is PGlite's; the PostgreSQL pass has nothing to add here.
// *.pglite.test.ts run in the PGlite pass only (vitest.config.ts), as *.pg.test.ts in the PostgreSQL one.
describe('PGlite in its worker thread', () => {
  let database: Database;
  let inProcess: PGlite;
  let reference: Db;
  beforeAll(async () => {
    [database, inProcess] = await Promise.all([openDatabase({}), PGlite.create()]);
    reference = drizzle({ client: inProcess }) as unknown as Db;
    for (const db of [database.db, reference]) {
      await db.execute(createSample);
      await db.insert(sample).values(row);
    }
  });
  afterAll(async () => {
    await database?.close();
    await inProcess?.close();
  });

  it('returns the very values in-process PGlite returns, through drizzle and raw SQL', async () => {
    const [fromWorker] = await database.db.select().from(sample);
    expect(fromWorker).toEqual((await reference.select().from(sample))[0]);
    expect(fromWorker?.big).toBe(row.big);
    expect(fromWorker?.blob).toEqual(row.blob);
    expect(fromWorker?.atDate).toEqual(row.atDate);
    expect(await database.db.execute(rawQuery)).toEqual(await reference.execute(rawQuery));
  });

  it('creates new WAL segments without zero-filling them inside a statement (decision 049)', async () => {
    const [setting] = await queryRows<{ wal_init_zero: string }>(database.db, sql`show wal_init_zero`);
    expect(setting?.wal_init_zero).toBe('off');
  });

  it('rethrows SQL errors with their SQLSTATE, constraint and detail, wrapped by drizzle as before', async () => {
    const failure = (db: Db) =>
      db
        .insert(sample)
        .values({ id: 1 })
        .then(
          () => null,
          (error: Error & { cause?: Record<string, unknown> }) => error,
        );
    const [fromWorker, fromReference] = await Promise.all([failure(database.db), failure(reference)]);
    const fields = [
      'code',
      'constraint',
      'detail',
      'table',
      'schema',
      'severity',
      'message',
      'name',
      'query',
    ];
    const pick = (error: Error & { cause?: Record<string, unknown> }) =>
      Object.fromEntries(fields.map((field) => [field, error.cause?.[field]]));
    expect(fromWorker?.message).toBe(fromReference?.message);
    expect(fromWorker && pick(fromWorker)).toEqual(fromReference && pick(fromReference));
    expect(fromWorker?.cause).toMatchObject({ code: '23505', constraint: 'sample_pkey' });
    expect(fromWorker?.cause).toBeInstanceOf(Error);
  });

  it('holds every other statement until an open transaction commits', async () => {
    await database.db.execute(sql`create table queued (n int)`);
    let opened = () => {};
    const isOpen = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into queued values (1)`);
      opened();
      await finished;
      await tx.execute(sql`insert into queued values (2)`);
    });
    await isOpen;
    // Sent before the transaction's second insert: on one session it would see one row if it ran now.
    const outside = queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from queued`);
    finish();
    await transaction;
    expect(await outside).toEqual([{ count: 2 }]);
  });

  it('rolls back a failed transaction, savepoints included, and carries on', async () => {
    await database.db.execute(sql`create table rolled (n int)`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into rolled values (1)`);
        await tx
          .transaction(async (inner) => {
            await inner.execute(sql`insert into rolled values (2)`);
            throw new Error('inner');
          })
          .catch(() => {});
        await tx.execute(sql`insert into rolled values (3)`);
        throw new Error('outer');
      }),
    ).rejects.toThrow('outer');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into rolled values (4)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into rolled values (5)`);
          throw new Error('inner');
        })
        .catch(() => {});
    });
    expect(await queryRows(database.db, sql`select n from rolled order by n`)).toEqual([{ n: 4 }]);
  });

  it('delivers a notification once its transaction commits, never from a rolled back one', async () => {
    const received: string[] = [];
    let arrived = () => {};
    const committedArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const unlisten = await database.listen('worker_test', (payload) => {
      received.push(payload);
      if (payload === 'committed') arrived();
    });
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('worker_test', 'rolled back')`);
        throw new Error('rollback');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('worker_test', 'committed')`);
    });
    await committedArrived;
    expect(received).toEqual(['committed']);
    await unlisten();
  });

  describe("the exports' lane (exportDb)", () => {
    const exportDb = () => database.exportDb as Db;
    const value = async (db: Db, query: ReturnType<typeof sql>, finished: string[], name: string) => {
      const rows = await queryRows(db, query);
      finished.push(name);
      return rows;
    };

    it("runs after a buyer's statement sent while it waited, not before", async () => {
      const finished: string[] = [];
      const busy = value(database.db, sql`select pg_sleep(0.15)`, finished, 'busy');
      const exported = value(exportDb(), sql`select 'export' as lane`, finished, 'export');
      await new Promise((resolve) => setTimeout(resolve, 10));
      const buyer = value(database.db, sql`select 'buyer' as lane`, finished, 'buyer');
      expect(await exported).toEqual([{ lane: 'export' }]);
      await Promise.all([busy, buyer]);
      // In the order sent the export would have come second.
      expect(finished).toEqual(['busy', 'buyer', 'export']);
    });

    it('still runs while buyers never stop, within BACKGROUND_MAX_WAIT_MS of a chance', async () => {
      let streaming = true;
      let buyerStatements = 0;
      const buyer = async () => {
        while (streaming) {
          await queryRows(database.db, sql`select pg_sleep(0.002)`);
          buyerStatements++;
        }
      };
      const buyers = [buyer(), buyer(), buyer()];
      await new Promise((resolve) => setTimeout(resolve, 50));
      const start = performance.now();
      for (let chunk = 0; chunk < 5; chunk++) await queryRows(exportDb(), sql`select ${chunk}::int as chunk`);
      const took = performance.now() - start;
      const during = buyerStatements;
      streaming = false;
      await Promise.all(buyers);
      expect(during).toBeGreaterThan(20);
      // Five chunks at most BACKGROUND_MAX_WAIT_MS apart (and a statement each), never starved.
      expect(took).toBeLessThan(5 * (BACKGROUND_MAX_WAIT_MS + 100));
    });

    it('answers its SQL errors as the foreground does, and keeps going', async () => {
      await expect(queryRows(exportDb(), sql`select * from no_such_table`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '42P01' }),
      });
      expect(await queryRows(exportDb(), sql`select 1 as one`)).toEqual([{ one: 1 }]);
    });
  });

  it('refuses a parser that would change values, since functions cannot cross threads', async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await expect(client.query('select 1', [], { parsers: { 23: (value) => Number(value) } })).rejects.toThrow(
      'only pass-through parsers',
    );
  });
});
