// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): two app
// instances on one database append on separate sessions, which PGlite's single session cannot show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ attachToDatabaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('audit chain across instances', () => {
  it('stays one chain when two instances append 20 entries each at once', async () => {
    const appended = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).app.services.audit.append({ action: 'test.instances', summary: { i } }),
      ),
    );
    const chain = appended.sort((x, y) => x.seq - y.seq);
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.prev_hash).toBe(chain[i - 1]?.hash);
    expect(new Set(chain.map((e) => e.prev_hash)).size).toBe(40);
    expect(await a.app.services.audit.verify()).toMatchObject({ ok: true });
    expect(await b.app.services.audit.head()).toEqual({ seq: chain.at(-1)?.seq, hash: chain.at(-1)?.hash });
  });
});
