import { Worker } from 'node:worker_threads';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from '../../../domain/password';

/** zxcvbn's scale is 0–4; 3 means "safely unguessable" for an online attack with rate limits. */
const MIN_SCORE = 3;
/** Words of this product a guesser would try first. */
const PRODUCT_WORDS = ['rifas', 'rifa', 'sorteo', 'ticket', 'admin', 'vendedor'];
/** The dictionaries' thread ends after this long without a check (its memory goes with it). */
const IDLE_MS = 30_000;

type Verdict = { score: number; warning: string | null; suggestions: string[] };
type Reply = { id: number; error?: string } & Partial<Verdict>;

/**
 * zxcvbn-ts in a worker thread started on the first check and ended when idle (decision 032): its
 * dictionaries cost ~75 MB of RSS, and passwords are set a few times a day. A check pays the start
 * (well under a second) only when the thread is not already up.
 */
export function createEstimator(options: { idleMs?: number } = {}) {
  const idleMs = options.idleMs ?? IDLE_MS;
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let lastId = 0;
  const pending = new Map<
    number,
    { resolve: (v: Verdict) => void; reject: (e: Error) => void; worker: Worker }
  >();

  /**
   * Fails the checks sent to `target` only: a thread ended when idle reports its exit after a new
   * one may already be checking (that check once failed with a 500).
   */
  function stop(target: Worker, error: Error) {
    if (worker === target) worker = null;
    for (const [id, call] of pending) {
      if (call.worker !== target) continue;
      pending.delete(id);
      call.reject(error);
    }
  }

  function start() {
    const started = new Worker(new URL('./password-strength-worker.mjs', import.meta.url), { execArgv: [] });
    started.unref();
    started.on('message', (reply: Reply) => {
      const call = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error !== undefined) call?.reject(new Error(reply.error));
      else
        call?.resolve({
          score: reply.score ?? 0,
          warning: reply.warning ?? null,
          suggestions: reply.suggestions ?? [],
        });
      if (pending.size === 0) {
        started.unref();
        idle = setTimeout(() => {
          if (pending.size > 0 || worker !== started) return;
          worker = null;
          void started.terminate();
        }, idleMs);
        idle.unref();
      }
    });
    started.on('error', (error) => stop(started, error));
    started.on('exit', () => stop(started, new Error('password strength worker stopped')));
    return started;
  }

  return (password: string, userInputs: string[]): Promise<Verdict> => {
    if (idle) clearTimeout(idle);
    const current = worker ?? start();
    worker = current;
    const id = ++lastId;
    current.ref();
    return new Promise<Verdict>((resolve, reject) => {
      pending.set(id, { resolve, reject, worker: current });
      current.postMessage({ id, password, userInputs });
    });
  };
}

const estimate = createEstimator();

/**
 * Why a password is too weak (an empty list means it is acceptable): zxcvbn-ts with the common,
 * English and Spanish dictionaries judges how guessable it is, given the user's own e-mail and name.
 */
export async function weakPasswordReasons(
  password: string,
  context: { email?: string; fullName?: string } = {},
): Promise<string[]> {
  if (password.length < PASSWORD_MIN_LENGTH) return [passwordMessages.tooShort];
  if (password.length > PASSWORD_MAX_LENGTH) return [passwordMessages.tooLong];
  const personal = [context.email, context.email?.split('@')[0], ...(context.fullName?.split(/\s+/) ?? [])];
  const result = await estimate(password, [...PRODUCT_WORDS, ...personal.filter((w): w is string => !!w)]);
  if (result.score >= MIN_SCORE) return [];
  const { warning, suggestions } = result;
  return [passwordMessages.guessable, ...(warning ? [warning] : []), ...new Set(suggestions)];
}
