import path from 'node:path';
import { z } from 'zod';

/** The one place the environment is read. Fails fast with every problem listed. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().default('admin@rifas.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_RESERVATIONS: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_RESERVATIONS_PER_IP: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_TRACKING: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_BOARD: z.coerce.number().int().min(1).default(120),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  RATES_URL: z.string().url().optional(),
  TRUST_PROXY: z.string().optional(),
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PAYMENT_REVIEW_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  HTTP_COMPRESSION: z.enum(['true', 'false']).default('true'),
  REDIS_URL: z.string().url().optional(),
  SSE_MAX_PER_IP: z.coerce.number().int().min(1).max(10_000).default(20),
  // Below one file's maximum (5 MB) a large proof could never be sent.
  UPLOAD_BYTES_PER_HOUR: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .default(50 * 1024 * 1024),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  adminEmail: string;
  adminPassword?: string;
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  logLevel: string;
  /** `uploads` is optional so older callers of buildApp keep compiling; loadConfig always sets it. */
  /**
   * Per minute. `reservations` counts per buyer (IP + cedula), under `reservationsPerIp` per IP
   * (never below `reservations`). Optional fields keep older callers of buildApp compiling.
   */
  rateLimits: {
    signIn: number;
    reservations: number;
    reservationsPerIp?: number;
    tracking: number;
    uploads?: number;
    board?: number;
  };
  webDistDir: string;
  ratesUrl?: string;
  /** Fastify trustProxy: true, or the proxy addresses ("127.0.0.1,10.0.0.0/8"). */
  trustProxy?: boolean | string;
  /** How often expired reservations are swept back on sale. */
  reservationSweepSeconds: number;
  /** How long a pending payment that covers the first amount due keeps its numbers held. */
  paymentReviewHours?: number;
  /** Brotli/gzip responses; off only when a reverse proxy or CDN in front already compresses. */
  compression: boolean;
  /** Rate-limit counters shared by every instance; in memory (per instance) when unset. */
  redisUrl?: string;
  /** Prefix of this app's keys in Redis (tests keep their counters apart). */
  redisKeyPrefix?: string;
  /** Live streams (SSE) one IP may keep open per instance. */
  sseMaxPerIp?: number;
  /** Bytes one IP may store through uploads per clock hour (shared through Redis when set). */
  uploadBytesPerHour?: number;
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads. */
  s3?: S3Config;
};

export type S3Config = {
  bucket: string;
  /** Any S3-compatible store (MinIO, R2, …); AWS itself when unset. */
  endpoint?: string;
  region: string;
  /** Both or neither; without them the AWS SDK's own chain (AWS_* variables, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO=) means "not set", as in most shells' habits.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid environment:\n  - S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    rateLimits: {
      signIn: e.RATE_LIMIT_SIGN_IN,
      reservations: e.RATE_LIMIT_RESERVATIONS,
      reservationsPerIp: e.RATE_LIMIT_RESERVATIONS_PER_IP,
      tracking: e.RATE_LIMIT_TRACKING,
      uploads: e.RATE_LIMIT_UPLOADS,
      board: e.RATE_LIMIT_BOARD,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    ratesUrl: e.RATES_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    reservationSweepSeconds: e.RESERVATION_SWEEP_SECONDS,
    paymentReviewHours: e.PAYMENT_REVIEW_HOURS,
    compression: e.HTTP_COMPRESSION === 'true',
    redisUrl: e.REDIS_URL,
    sseMaxPerIp: e.SSE_MAX_PER_IP,
    uploadBytesPerHour: e.UPLOAD_BYTES_PER_HOUR,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
  };
}

function parseTrustProxy(value?: string): boolean | string | undefined {
  if (value === undefined || value === 'false') return undefined;
  return value === 'true' ? true : value;
}
