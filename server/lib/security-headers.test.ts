import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('security headers', () => {
  it('every answer carries the CSP and helmet headers, errors included', async () => {
    for (const [method, path] of [
      ['GET', '/api/health'],
      ['GET', '/api/raffles'],
      ['GET', '/api/users'], // 401
      ['GET', '/api/nothing-here'], // 404
    ] as const) {
      const res = await t.api(method, path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("img-src 'self' data: blob:");
      expect(csp, path).toContain("frame-src 'self' blob:");
      // A plain-HTTP install on a LAN address must still load its own assets.
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security'), path).toContain('max-age=');
      expect(res.headers.get('x-powered-by'), path).toBeNull();
    }
  });
});
