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
  RATE_LIMIT_TRACKING: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_BOARD: z.coerce.number().int().min(1).default(120),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  RATES_URL: z.string().url().optional(),
  TRUST_PROXY: z.string().optional(),
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PAYMENT_REVIEW_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  HTTP_COMPRESSION: z.enum(['true', 'false']).default('true'),
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
  rateLimits: { signIn: number; reservations: number; tracking: number; uploads?: number; board?: number };
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
  };
}

function parseTrustProxy(value?: string): boolean | string | undefined {
  if (value === undefined || value === 'false') return undefined;
  return value === 'true' ? true : value;
}
