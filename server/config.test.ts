import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: files', () => {
  it('keeps uploads on disk unless S3_BUCKET is set; 50 MB per IP per hour by default', () => {
    const config = loadConfig({});
    expect(config.s3).toBeNull();
    expect(config.uploadBytesPerHour).toBe(50 * 1024 * 1024);
  });

  it('reads every S3 variable', () => {
    const config = loadConfig({
      S3_BUCKET: 'rifas-comprobantes',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secreto',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_BYTES_PER_HOUR: String(20 * 1024 * 1024),
    });
    expect(config.s3).toEqual({
      bucket: 'rifas-comprobantes',
      endpoint: 'https://s3.example.com',
      region: 'auto',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secreto' },
      forcePathStyle: true,
    });
    expect(config.uploadBytesPerHour).toBe(20 * 1024 * 1024);
    // Without keys the AWS SDK's own chain (AWS_* variables, instance role) applies.
    expect(loadConfig({ S3_BUCKET: 'rifas-comprobantes' }).s3).toEqual({
      bucket: 'rifas-comprobantes',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('fails fast on half a key pair, a bad endpoint or a cap below one file', () => {
    expect(() => loadConfig({ S3_BUCKET: 'rifas', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'rifas', S3_ENDPOINT: 'no es url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ UPLOAD_BYTES_PER_HOUR: '1000' })).toThrow(/UPLOAD_BYTES_PER_HOUR/);
  });
});

describe('loadConfig: live streams', () => {
  it('lets one IP keep 20 live streams open by default; SSE_MAX_PER_IP changes it', () => {
    expect(loadConfig({}).sseMaxPerIp).toBe(20);
    expect(loadConfig({ SSE_MAX_PER_IP: '5' }).sseMaxPerIp).toBe(5);
    expect(() => loadConfig({ SSE_MAX_PER_IP: '0' })).toThrow(/SSE_MAX_PER_IP/);
  });
});

describe('loadConfig: PostgreSQL', () => {
  it("counts 10,000 for starting a query's parallel workers by default; PG_PARALLEL_SETUP_COST changes it", () => {
    expect(loadConfig({}).pgParallelSetupCost).toBe(10_000);
    expect(loadConfig({ PG_PARALLEL_SETUP_COST: '1000' }).pgParallelSetupCost).toBe(1000);
    expect(() => loadConfig({ PG_PARALLEL_SETUP_COST: '-1' })).toThrow(/PG_PARALLEL_SETUP_COST/);
    expect(() => loadConfig({ PG_PARALLEL_SETUP_COST: '1.5' })).toThrow(/PG_PARALLEL_SETUP_COST/);
  });
});

describe('loadConfig: one schema, one default each', () => {
  it('answers every setting, with no field left undefined for code downstream to default', () => {
    const undefinedPaths = (value: unknown, at: string): string[] =>
      value === undefined
        ? [at]
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, v]) => undefinedPaths(v, `${at}.${key}`))
          : [];
    expect(undefinedPaths(loadConfig({}), 'config')).toEqual([]);
    expect(undefinedPaths(loadConfig({ S3_BUCKET: 'rifas-comprobantes' }), 'config')).toEqual([]);
  });

  it('never lets the per-IP reservation ceiling fall below the per-buyer limit', () => {
    expect(loadConfig({}).rateLimits).toMatchObject({ reservations: 30, reservationsPerIp: 300, board: 120 });
    expect(
      loadConfig({ RATE_LIMIT_RESERVATIONS: '500', RATE_LIMIT_RESERVATIONS_PER_IP: '100' }).rateLimits
        .reservationsPerIp,
    ).toBe(500);
  });

  it('reads TRUST_PROXY as off, on, or the proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });
});
