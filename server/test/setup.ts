// Vitest setupFiles: runs before every test file, in its process.
import { vi } from 'vitest';

// Password hashing at the lowest argon2id cost: every test that creates a user or signs in pays
// for a hash, and production's cost (19 MiB, 2 passes) is there to be slow. Hashes stay real
// argon2id PHC strings, so verify() reads the cost from each hash and production code is unchanged.
// Servers the tests start as child processes (main.test.ts, e2e) hash at production cost.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  const cheap = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  return {
    ...argon2,
    hash: (password: string | Uint8Array, options?: import('@node-rs/argon2').Options) =>
      argon2.hash(password, { ...options, ...cheap }),
  };
});
