// Creating a 1,000,000-number raffle through the API, against the old way (a row per number in batches
// of 50, SPEC 7) in a scratch table of the same database, interleaved; /api/health probed meanwhile.
import type { Target } from './harness';
import { createRaffle, healthProbe } from './harness';
import { client } from './http';
import { percentile } from './stats';
import { oldCreate } from './workloads';

export type CreationSizes = { reps: number; total: number; batch: number; oldTimeLimitMs: number };

type Health = { n: number; p50: number; max: number; failures: number };
type Rep = {
  newMs: number;
  newHealth: Health;
  old: { rows: number; statements: number; ms: number; finished: boolean; projectedMs: number };
  oldHealth: Health;
};

export type CreationResult = { sizes: CreationSizes; oldPath: string; reps: Rep[] };

const health = ({ samples, failures }: { samples: number[]; failures: number }): Health => ({
  n: samples.length,
  p50: percentile(samples, 50),
  max: samples.length ? Math.max(...samples) : Number.NaN,
  failures,
});

export async function benchCreation(t: Target, s: CreationSizes): Promise<CreationResult> {
  const admin = client(t.port, 2, t.token);
  const prober = client(t.port, 1);
  const old = (total: number, timeLimitMs: number) => {
    const args = { total, batch: s.batch, timeLimitMs };
    return t.kind === 'postgres'
      ? oldCreateOnOneConnection(t, args)
      : t.control<Awaited<ReturnType<typeof oldCreate>>>('oldCreate', args);
  };
  try {
    // Warm-up: a small raffle both ways.
    await createRaffle(admin, 1000, 'Bench calentamiento');
    await old(5000, 5000);

    const reps: Rep[] = [];
    for (let rep = 0; rep < s.reps; rep++) {
      // A: the new way, one POST.
      let probe = healthProbe(prober);
      const created = await createRaffle(admin, s.total, `Bench millón ${rep + 1}`);
      const newHealth = health(await probe.stop());
      // B: the old way, capped in time and extrapolated when it did not finish.
      probe = healthProbe(prober);
      const o = await old(s.total, s.oldTimeLimitMs);
      const oldHealth = health(await probe.stop());
      reps.push({
        newMs: created.ms,
        newHealth,
        old: { ...o, projectedMs: o.finished ? o.ms : (o.ms / o.rows) * s.total },
        oldHealth,
      });
      console.error(`  [${t.label}] creation rep ${rep + 1}/${s.reps}:`, JSON.stringify(reps.at(-1)));
    }
    return {
      sizes: s,
      oldPath:
        t.kind === 'postgres'
          ? 'from the bench process, on one connection, one INSERT per batch (as a single client would)'
          : "inside the server process, on PGlite's one connection (the one the app's requests use)",
      reps,
    };
  } finally {
    admin.agent.destroy();
    prober.agent.destroy();
  }
}

/** The old way on PostgreSQL: one client, batch after batch. */
async function oldCreateOnOneConnection(
  t: Target,
  args: { total: number; batch: number; timeLimitMs: number },
) {
  const pool = t.pool;
  if (!pool) throw new Error('no pool');
  const connection = await pool.connect();
  try {
    return await oldCreate((text, params) => connection.query(text, params), args);
  } finally {
    connection.release();
  }
}
