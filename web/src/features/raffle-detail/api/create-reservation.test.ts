// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { createReservation } from './create-reservation';

vi.mock('./altcha-solver', () => ({
  solveChallenge: vi.fn(async () => `solved-${Math.random()}`),
}));

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const answer = { tickets: [], order: { id: 'o1', code: 'ABCD2345', total_cents: 500 } };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const lost = () => Promise.reject(new TypeError('Failed to fetch'));

/** Answers each POST in turn; keeps every body sent. */
function server(...replies: (() => Response | Promise<Response>)[]) {
  const bodies: Record<string, unknown>[] = [];
  const fetchStub = vi.fn(async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected request');
    return reply();
  });
  vi.stubGlobal('fetch', fetchStub);
  return bodies;
}

const input = { raffleId: 'r1', body: { numbers: [7], buyer: { cedula: 'V-12345678' } } } as Parameters<
  typeof createReservation
>[0];
const noWait = async () => {};

afterEach(() => vi.unstubAllGlobals());

describe('createReservation (decision 057)', () => {
  it('sends a lost request again with the same key and gives the answer that finally came', async () => {
    const bodies = server(
      lost,
      () => json(502, {}),
      () => json(201, answer),
    );
    const waits: number[] = [];
    const result = await createReservation(input, async (ms) => {
      waits.push(ms);
    });
    expect(result).toEqual(answer);
    expect(bodies).toHaveLength(3);
    const keys = bodies.map((b) => b.request_id);
    expect(keys[0]).toMatch(uuid);
    expect(new Set(keys).size).toBe(1);
    expect(waits).toEqual([1000, 3000]);
  });

  it('keeps the key its caller chose, so the buyer’s next tap is the same request', async () => {
    const bodies = server(() => json(201, answer));
    const key = '2f1c6a53-8d0e-4b7a-9c1d-0e2f3a4b5c6d';
    await createReservation({ ...input, body: { ...input.body, request_id: key } }, noWait);
    expect(bodies[0]?.request_id).toBe(key);
  });

  it('gives up after two more sendings with the network error', async () => {
    const bodies = server(lost, lost, lost);
    await expect(createReservation(input, noWait)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
    expect(bodies).toHaveLength(3);
  });

  it('never sends again an answer that came: a 409 is final', async () => {
    const bodies = server(() =>
      json(409, { error: { code: 'TICKETS_UNAVAILABLE', message: 'x', numbers: [7] } }),
    );
    await expect(createReservation(input, noWait)).rejects.toBeInstanceOf(ApiError);
    expect(bodies).toHaveLength(1);
  });

  it('in a rush, solves a fresh challenge for a sending after a lost one (each is good once)', async () => {
    const challenge = () =>
      json(428, { error: { code: 'CHALLENGE_REQUIRED', message: 'Resuelve el desafío' } });
    const bodies = server(challenge, lost, challenge, () => json(201, answer));
    expect(await createReservation(input, noWait)).toEqual(answer);
    expect(bodies.map((b) => typeof b.altcha)).toEqual(['undefined', 'string', 'undefined', 'string']);
    expect(bodies[1]?.altcha).not.toBe(bodies[3]?.altcha);
    expect(new Set(bodies.map((b) => b.request_id)).size).toBe(1);
  });
});
