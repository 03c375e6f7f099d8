import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from './db/pglite-settings';
import { DEFAULT_PARALLEL_SETUP_COST } from './db/postgres-settings';
import { defaultStreamsTotal } from './lib/descriptor-limit';

// An unset variable may be missing or empty (FOO=), as in most shells' habits: both mean `null`.
const optional = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

/**
 * The one place the environment is read: each variable, its default and its check, and (the
 * transform) the `Config` the app is built from. `Config` is this schema's output type, so a
 * setting exists once, with one default, and nothing downstream needs a fallback.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optional(z.string().url()),
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^\d+(kB|MB|GB)$/, 'a size such as 16MB')
      .default(DEFAULT_PGLITE_SHARED_BUFFERS),
    PG_PARALLEL_SETUP_COST: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(DEFAULT_PARALLEL_SETUP_COST),
    ADMIN_EMAIL: z.string().email().default('admin@rifas.local'),
    ADMIN_PASSWORD: optional(z.string().min(8)),
    JWT_SECRET: optional(z.string().min(32)),
    RECEIPT_PRIVATE_KEY: optional(
      z.string().includes('PRIVATE KEY', { message: 'a PKCS#8 PEM Ed25519 key' }),
    ),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_RESERVATIONS: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_RESERVATIONS_PER_IP: z.coerce.number().int().min(1).default(300),
    // Numbers one address may hold of one raffle in the last 60 minutes: nobody squats a raffle alone.
    RESERVATION_MAX_NUMBERS_PER_IP: z.coerce.number().int().min(1).default(200),
    // Past this many reservations per minute of one raffle or one address, each needs a solved
    // proof of work (ALTCHA); 0 turns it off (load tests, the bench).
    RESERVATION_CHALLENGE_PER_MINUTE: z.coerce.number().int().min(0).default(60),
    RATE_LIMIT_TRACKING: z.coerce.number().int().min(1).default(20),
    TRACKING_MISSES_PER_CEDULA: z.coerce.number().int().min(1).default(10),
    ORDER_MISSES_PER_CODE: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_BOARD: z.coerce.number().int().min(1).default(120),
    WEB_DIST_DIR: z.string().default('./dist/web'),
    RATES_URL: optional(z.string().url()),
    TRUST_PROXY: z.string().default('false'),
    // The site's address as buyers type it (https://rifas.example.com): link previews name it.
    PUBLIC_URL: optional(
      z
        .string()
        .regex(
          /^https?:\/\/[^/?#\s]+\/?$/,
          "PUBLIC_URL is the site's origin only, e.g. https://rifas.example.com",
        ),
    ),
    RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    RAFFLE_CLOSE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(60).default(20),
    TSA_URL: optional(z.string().url()),
    SEAL_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    PAYMENT_REVIEW_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    HTTP_COMPRESSION: z.enum(['true', 'false']).default('true'),
    PUBLIC_RAFFLE_CACHE: z.enum(['true', 'false']).default('true'),
    REDIS_URL: optional(z.string().url()),
    REDIS_KEY_PREFIX: z.string().min(1).max(60).default('rifas'),
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(5).max(5_000).default(50),
    SSE_MAX_PER_IP: z.coerce.number().int().min(1).max(10_000).default(20),
    // Streams of every address together (each holds a descriptor); default from `ulimit -n`.
    SSE_MAX_TOTAL: optional(z.coerce.number().int().min(1).max(1_000_000)),
    // `process`: live streams are written by a process of their own (decision 067); `inline`: by the server's.
    LIVE_FANOUT: z.enum(['inline', 'process']).default('inline'),
    // Below one file's maximum (5 MB) a large proof could never be sent.
    UPLOAD_BYTES_PER_HOUR: z.coerce
      .number()
      .int()
      .min(5 * 1024 * 1024)
      .default(50 * 1024 * 1024),
    // Every upload of every address together, in the last 60 minutes: a crowd of addresses cannot fill the disk.
    UPLOAD_BYTES_PER_HOUR_TOTAL: z.coerce
      .number()
      .int()
      .min(5 * 1024 * 1024)
      .default(1024 * 1024 * 1024),
    // Uploads stop while less than this is free under DATA_DIR: the database keeps room to write.
    MIN_FREE_DISK_MB: z.coerce.number().int().min(0).max(1_000_000).default(1024),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    S3_BUCKET: optional(z.string().min(3).max(63)),
    S3_ENDPOINT: optional(z.string().url()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    DRAND_URLS: z
      .string()
      .default('https://api.drand.sh,https://drand.cloudflare.com')
      .transform((list) =>
        list
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().url()).min(1)),
    BEACON_MARGIN_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    BEACON_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  })
  .refine((e) => Boolean(e.S3_ACCESS_KEY_ID) === Boolean(e.S3_SECRET_ACCESS_KEY), {
    path: ['S3_ACCESS_KEY_ID'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  })
  .transform((e) => ({
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    /** Where uploads live without `s3`. */
    uploadsDir: path.resolve(e.DATA_DIR, 'uploads'),
    /** A PostgreSQL server instead of the embedded database. */
    databaseUrl: e.DATABASE_URL,
    /** PGlite's buffer pool (PostgreSQL's shared_buffers); a server with PostgreSQL ignores it. */
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    /** What PostgreSQL's planner counts for starting a query's parallel workers; db/postgres-settings.ts says why. */
    pgParallelSetupCost: e.PG_PARALLEL_SETUP_COST,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    /** The first admin's password; generated and printed once when null. */
    adminPassword: e.ADMIN_PASSWORD,
    /** Signs access tokens; generated once and kept in the database when null. */
    jwtSecret: e.JWT_SECRET,
    /** Signs buyers' receipts (Ed25519, PKCS#8 PEM); generated once and kept in the database when null. */
    receiptPrivateKey: e.RECEIPT_PRIVATE_KEY,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    /**
     * Per minute. `reservations` counts per buyer (IP + cedula), under `reservationsPerIp` per IP,
     * never below `reservations` (many real buyers share one address behind a mobile carrier).
     */
    rateLimits: {
      signIn: e.RATE_LIMIT_SIGN_IN,
      reservations: e.RATE_LIMIT_RESERVATIONS,
      reservationsPerIp: Math.max(e.RATE_LIMIT_RESERVATIONS_PER_IP, e.RATE_LIMIT_RESERVATIONS),
      numbersPerIpPerRaffle: e.RESERVATION_MAX_NUMBERS_PER_IP,
      /** Reservations per minute of a raffle or an address before a proof of work is asked (0: never). */
      challengeAbove: e.RESERVATION_CHALLENGE_PER_MINUTE,
      tracking: e.RATE_LIMIT_TRACKING,
      /** Look-ups of one cédula (tracking, a payment by number) that found nothing, in the last 60 minutes. */
      trackingMissesPerCedula: e.TRACKING_MISSES_PER_CEDULA,
      /** Wrong cédulas for one order code (its page, a payment of the order), in the last 60 minutes. */
      orderMissesPerCode: e.ORDER_MISSES_PER_CODE,
      uploads: e.RATE_LIMIT_UPLOADS,
      board: e.RATE_LIMIT_BOARD,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    /** JSON feed of the day's rates; without it an admin types the rate. */
    ratesUrl: e.RATES_URL,
    /** Fastify trustProxy: false, true, or the proxy addresses ("127.0.0.1,10.0.0.0/8"). */
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    /**
     * The site's own address, for link previews (WhatsApp needs absolute URLs); without it, the
     * address the request came to (behind a proxy, with TRUST_PROXY, the one the buyer typed).
     */
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    /** How often expired reservations are swept back on sale. */
    reservationSweepSeconds: e.RESERVATION_SWEEP_SECONDS,
    /** How often raffles past their closing date are closed (several instances close each once). */
    raffleCloseSweepSeconds: e.RAFFLE_CLOSE_SWEEP_SECONDS,
    /** RFC 3161 authority that seals each closed raffle's commitment; sealing is off when null. */
    tsaUrl: e.TSA_URL,
    /** How often seals the authority did not give yet are asked for again (first retry; then doubling). */
    sealRetrySeconds: e.SEAL_RETRY_SECONDS,
    /** How long a pending payment that covers the first amount due keeps its numbers held. */
    paymentReviewHours: e.PAYMENT_REVIEW_HOURS,
    /** Brotli/gzip responses; off only when a reverse proxy or CDN in front already compresses. */
    compression: e.HTTP_COMPRESSION === 'true',
    /** The public raffle page and home list from memory (decision 027); `false` counts every request fresh. */
    publicRaffleCache: e.PUBLIC_RAFFLE_CACHE === 'true',
    /** How long a cached raffle row is trusted without an announced change (tests lengthen it). */
    publicRaffleRowTtlMs: 2_000,
    /** Rate-limit counters shared by every instance; in memory (per instance) when null. */
    redisUrl: e.REDIS_URL,
    /** Prefix of this app's keys in Redis (several apps, or tests, on one Redis). */
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    /** Live streams (SSE) one IP may keep open per instance. */
    sseMaxPerIp: e.SSE_MAX_PER_IP,
    sseMaxTotal: e.SSE_MAX_TOTAL ?? defaultStreamsTotal(),
    /** Open live streams are handed to a fan-out process of their own (decision 067). */
    liveFanoutProcess: e.LIVE_FANOUT === 'process',
    /** Bytes one IP may store through uploads in the last 60 minutes (shared through Redis when set). */
    uploadBytesPerHour: e.UPLOAD_BYTES_PER_HOUR,
    uploadBytesPerHourTotal: e.UPLOAD_BYTES_PER_HOUR_TOTAL,
    minFreeDiskMb: e.MIN_FREE_DISK_MB,
    /** How long a stopping server waits for open connections before cutting them. */
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    /** How long a client may take to send one whole request (headers and body); then 408 and the connection is closed. */
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    /** drand mirrors asked in turn for a raffle's round; every answer is verified against the pinned chain. */
    drandUrls: e.DRAND_URLS,
    /** A drand raffle is drawn from the first round emitted this long after it closed (decision 024). */
    beaconMarginSeconds: e.BEACON_MARGIN_SECONDS,
    /** How often closed drand raffles whose round is out are drawn. */
    beaconCheckSeconds: e.BEACON_CHECK_SECONDS,
    /** Uploads in an S3-compatible bucket instead of `uploadsDir`. */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          /** Any S3-compatible store (MinIO, R2, …); AWS itself when null. */
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          /** Both or neither; without them the AWS SDK's own chain (AWS_* variables, instance role). */
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : null,
          /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted stores). */
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
  }));

export type Config = z.output<typeof envSchema>;
export type S3Config = NonNullable<Config['s3']>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return parsed.data;
}
