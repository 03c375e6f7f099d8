import { describe, expect, it } from 'vitest';
import { createTurns } from './turns';

const never = new AbortController().signal;

describe('createTurns', () => {
  it('gives at most `size` turns at once, then the next in the order they came', async () => {
    const turns = createTurns(2);
    const first = await turns.take(never);
    const second = await turns.take(never);
    const order: string[] = [];
    const taken = (name: string) => (release: (() => void) | null) => {
      order.push(name);
      return release;
    };
    const third = turns.take(never).then(taken('third'));
    const fourth = turns.take(never).then(taken('fourth'));
    await new Promise((resolve) => setImmediate(resolve));
    expect([turns.held(), turns.waiting(), order]).toEqual([2, 2, []]);

    second?.();
    second?.(); // twice gives back once
    await new Promise((resolve) => setImmediate(resolve));
    expect([turns.held(), turns.waiting(), order]).toEqual([2, 1, ['third']]);

    first?.();
    (await third)?.();
    (await fourth)?.();
    expect([turns.held(), turns.waiting(), order]).toEqual([0, 0, ['third', 'fourth']]);
  });

  it('lets a waiter leave without taking a turn or keeping its place', async () => {
    const turns = createTurns(1);
    const holder = await turns.take(never);
    const leaving = new AbortController();
    const left = turns.take(leaving.signal);
    const next = turns.take(never);
    leaving.abort();
    expect(await left).toBeNull();
    expect(turns.waiting()).toBe(1);
    holder?.();
    expect(await next).toBeTypeOf('function');
    expect(await turns.take(AbortSignal.abort())).toBeNull();
  });
});
