import { type Config, loadConfig } from '../config';

export type TestConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & {
  rateLimits?: Partial<Config['rateLimits']>;
};

/**
 * The one complete configuration every test app starts from: the production schema's own defaults
 * (loadConfig), with what tests need instead — no logs, no web build, limits out of the way (tests
 * of a limit set their own), a short shutdown grace — and the test's overrides on top.
 */
export function testConfig(overrides: TestConfigOverrides = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_SIGN_IN: '1000',
    RATE_LIMIT_RESERVATIONS: '1000',
    RATE_LIMIT_TRACKING: '1000',
    TRACKING_MISSES_PER_CEDULA: '1000000',
    ORDER_MISSES_PER_CODE: '1000000',
    RATE_LIMIT_UPLOADS: '1000',
    SSE_MAX_PER_IP: '1000',
    RESERVATION_MAX_NUMBERS_PER_IP: '1000000',
    // Off unless a test turns it on (reservation-challenge.test.ts).
    RESERVATION_CHALLENGE_PER_MINUTE: '0',
    // A test machine may have little disk free (seen: 287 MB); the disk test sets its own margin.
    MIN_FREE_DISK_MB: '1',
    // A test closes its app when done with it; a stray connection must not hold the file's teardown.
    SHUTDOWN_GRACE_MS: '1000',
  });
  return { ...base, ...overrides, rateLimits: { ...base.rateLimits, ...overrides.rateLimits } };
}
