// A bench process of its own that takes commands: one JSON line in on stdin, one JSON line out on
// stdout per command, answered in order. The load generators and references run this way, so no
// load shares a CPU timeline with the process that measures it, and each stays warm between phases.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { onCleanup, root, stopChild } from './harness';

export type BenchChild = {
  pid: number;
  call: <T>(command: Record<string, unknown>) => Promise<T>;
  stop: () => Promise<void>;
};

/** Starts `node --import tsx bench/<file>` and waits for its READY line. */
export async function spawnBenchChild(
  file: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<BenchChild> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench', file), ...args],
    {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  const forget = onCleanup(`stop ${file} (pid ${child.pid})`, () => stopChild(child));
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  let ready: (() => void) | null = null;
  let exited: Error | null = null;
  lines.on('line', (line) => {
    if (line === 'READY') ready?.();
    else waiting.shift()?.resolve(line);
  });
  child.once('exit', (code) => {
    exited = new Error(`${file} exited (code ${code})`);
    for (const w of waiting.splice(0)) w.reject(exited);
  });
  await new Promise<void>((resolve, reject) => {
    ready = resolve;
    child.once('exit', (code) => reject(new Error(`${file} exited during start-up (code ${code})`)));
  });
  return {
    pid: child.pid ?? 0,
    call<T>(command: Record<string, unknown>) {
      if (exited) return Promise.reject(exited);
      return new Promise<T>((resolve, reject) => {
        waiting.push({
          resolve: (line) => {
            const answer = JSON.parse(line) as { ok: true; result: T } | { ok: false; error: string };
            if (answer.ok) resolve(answer.result);
            else reject(new Error(`${file}: ${answer.error}`));
          },
          reject,
        });
        child.stdin?.write(`${JSON.stringify(command)}\n`);
      });
    },
    async stop() {
      await forget();
    },
  };
}

/** The child's side: runs each command line through `handle` in turn and answers it on stdout. */
export function serveCommands(handle: (command: Record<string, unknown>) => Promise<unknown>) {
  const lines = readline.createInterface({ input: process.stdin });
  let chain = Promise.resolve();
  lines.on('line', (line) => {
    chain = chain.then(async () => {
      let answer: string;
      try {
        answer = JSON.stringify({ ok: true, result: await handle(JSON.parse(line)) });
      } catch (error) {
        answer = JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) });
      }
      await new Promise<void>((resolve) => process.stdout.write(`${answer}\n`, () => resolve()));
    });
  });
  // The bench holds our stdin: when it goes away (even killed), so do we. SIGTERM (stopChild) exits
  // through process.exit too, so 'exit' handlers (a temp dir to remove) run.
  lines.on('close', () => void chain.then(() => process.exit(0)));
  process.once('SIGTERM', () => process.exit(0));
  process.stdout.write('READY\n');
}
