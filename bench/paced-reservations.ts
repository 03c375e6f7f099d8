// Reservations at a steady rate, in a process of their own (issue 20, target 2):
//   node --import tsx bench/paced-reservations.ts <port> <raffleId> <perSecond> <seconds> <firstNumber>
// An open loop: one reservation of one new number every 1/perSecond s, whatever the answers take
// (at most 400 in flight), for <seconds>. Prints one JSON line: when each 201 arrived
// ([number, epoch ms], comparable with bench/sse-streams.ts), the statuses and the latencies.
import { client, request } from './http';
import { buyer } from './workloads';

const [port, raffleId, perSecond, seconds, firstNumber] = process.argv.slice(2);
const rate = Number(perSecond);
const total = Math.round(rate * Number(seconds));
const c = client(Number(port), 200);
const MAX_IN_FLIGHT = 400;
const replied: [number, number][] = [];
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let inFlight = 0;
let skipped = 0;
const epoch = () => performance.timeOrigin + performance.now();

async function reserve(number: number) {
  inFlight++;
  try {
    const reply = await request(c, 'POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers: [number], buyer: buyer(700_000 + number) },
    });
    latencies.push(reply.ms);
    statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
    if (reply.status === 201) replied.push([number, performance.timeOrigin + reply.end]);
  } catch {
    statuses.error = (statuses.error ?? 0) + 1;
  } finally {
    inFlight--;
  }
}

const start = performance.now();
const pending: Promise<void>[] = [];
for (let i = 0; i < total; i++) {
  const due = start + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  if (inFlight >= MAX_IN_FLIGHT) {
    skipped++;
    continue;
  }
  pending.push(reserve(Number(firstNumber) + i));
}
const sentFor = (performance.now() - start) / 1000;
await Promise.all(pending);
c.agent.destroy();
latencies.sort((a, b) => a - b);
const at = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
const result = {
  replied,
  statuses,
  skipped,
  offeredPerSecond: rate,
  answeredPerSecond: replied.length / sentFor,
  p50: at(50),
  p99: at(99),
  endedAt: epoch(),
};
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
