// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFromServer } from '@/test/server-answer';
import { useDeadlinePassed } from './use-deadline-passed';

// Half a second into a second: the whole-second Date header then gives the estimate exactly.
const SERVER = Date.parse('2026-11-21T23:59:50.500Z');
const DEADLINE = '2026-11-22T00:00:00.000Z';
const MINUTE = 60_000;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// Each test reads an answer of its own: the estimate it leaves behind is the next test's to replace.
describe('a deadline passes by the server’s clock', () => {
  it('on a phone 5 minutes behind: at the server’s time, not 5 minutes later', () => {
    vi.useFakeTimers({ now: SERVER - 5 * MINUTE });
    answerFromServer(-5 * MINUTE);
    const { result } = renderHook(() => useDeadlinePassed(DEADLINE));
    expect(result.current).toBe(false);
    wait(9_400);
    expect(result.current).toBe(false);
    wait(200);
    expect(result.current).toBe(true);
  });

  it('on a phone 5 minutes ahead: not before the server’s time', () => {
    vi.useFakeTimers({ now: SERVER + 5 * MINUTE });
    answerFromServer(5 * MINUTE);
    const { result } = renderHook(() => useDeadlinePassed(DEADLINE));
    expect(result.current).toBe(false);
    wait(9_400);
    expect(result.current).toBe(false);
    wait(200);
    expect(result.current).toBe(true);
  });

  it('waits again when the first answer comes after the page started waiting', () => {
    vi.useFakeTimers({ now: SERVER - 5 * MINUTE });
    answerFromServer(0); // the phone's own time, before any answer said otherwise
    const { result } = renderHook(() => useDeadlinePassed(DEADLINE));
    act(() => answerFromServer(-5 * MINUTE));
    wait(9_600);
    expect(result.current).toBe(true);
  });
});
