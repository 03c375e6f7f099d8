// The reservation load generator (bench/reservation-load.ts) in a process of its own, so the load
// never shares a CPU timeline with the bench that measures it. Shared by the benches that load.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { onCleanup, root, stopChild } from './harness';

export type LoadSamples = { latencies: number[]; statuses: Record<string, number> };

/**
 * Starts `buyers` buyers reserving on `raffleId` from `firstNumber` on; `stop` answers their samples.
 * With `warmupMs`, it answers once the buyers have reserved that long unrecorded.
 */
export async function spawnReservationLoad(
  port: number,
  raffleId: string,
  buyers: number,
  firstNumber: number,
  warmupMs = 0,
) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'bench/reservation-load.ts'),
      String(port),
      raffleId,
      String(buyers),
      String(firstNumber),
      String(warmupMs),
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const forget = onCleanup(`stop load generator (pid ${child.pid})`, () => stopChild(child));
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const output: string[] = [];
  await new Promise<void>((resolve) =>
    lines.on('line', (line) => {
      if (line === 'LOAD_STARTED') resolve();
      else output.push(line);
    }),
  );
  return {
    async stop(): Promise<LoadSamples> {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin?.write('stop\n');
      await exited;
      await forget();
      const last = output.at(-1);
      if (!last) throw new Error('the load generator printed nothing');
      return JSON.parse(last) as LoadSamples;
    },
  };
}
