// A load generator in its own process (so its requests never queue behind the measuring process):
//   node --import tsx bench/reservation-load.ts <port> <raffleId> <concurrency> <firstNumber> [warmupMs]
// `concurrency` buyers reserve one number each, back to back, until a line "stop" arrives on stdin;
// then it prints one JSON line {latencies, statuses} and exits. With `warmupMs`, the buyers first
// reserve that long unrecorded (a new process's first requests open connections and run cold
// code: their latency is the generator's, not the server's), and LOAD_STARTED comes after it. Used by bench/reconcile.ts to see
// whether reservations slow down while a statement's approvals run.
import readline from 'node:readline';
import { client, request } from './http';
import { buyer } from './workloads';

const [port, raffleId, concurrency, firstNumber, warmupMs = '0'] = process.argv.slice(2);
const c = client(Number(port), Number(concurrency));
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let next = Number(firstNumber);
let stopped = false;
let measuring = false;

async function buyerLoop() {
  while (!stopped) {
    const number = next++;
    const recorded = measuring;
    try {
      const reply = await request(c, 'POST', `/api/raffles/${raffleId}/reservations`, {
        body: { numbers: [number], buyer: buyer(500_000 + number) },
      });
      if (!recorded) continue;
      latencies.push(reply.ms);
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
    } catch {
      if (recorded) statuses.error = (statuses.error ?? 0) + 1;
    }
  }
}

measuring = Number(warmupMs) <= 0;
const loops = Array.from({ length: Number(concurrency) }, buyerLoop);
if (!measuring) await new Promise((resolve) => setTimeout(resolve, Number(warmupMs)));
measuring = true;
process.stdout.write('LOAD_STARTED\n');
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  if (line.trim() !== 'stop') return;
  stopped = true;
  await Promise.all(loops);
  c.agent.destroy();
  // Exit once the line is flushed: a pipe is written asynchronously, and a long line was cut.
  process.stdout.write(`${JSON.stringify({ latencies, statuses })}\n`, () => process.exit(0));
});
