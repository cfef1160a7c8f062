import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  demo: boolean;
  /** Whether the scheduler fires the cron requests the demo data scheduled (daily checks, reminders). Test
   *  servers set it off (SRM_DEMO_CRONS=0), so a run at 06:00 or 08:00 sees no demo job change data under a
   *  test; a test that wants them asks for a server with it on. */
  demoCrons: boolean;
  demoPassword: string;
  adminPassword?: string;
  sessionTtlSeconds: number;
  /** Allowed clock difference and nonce memory of signed requests (CONTRACT.md: 300 s). */
  signatureWindowSeconds: number;
  distDir: string;
  logLevel: string;
  version: string;
  /** Only behind a reverse proxy may X-Forwarded-For name the client (login limits per address). */
  trustProxy: boolean;
  /** Outgoing mail (forgotten-password codes); no host: mail is refused and the refusal logged. */
  smtp: SmtpConfig;
  /** The database queue's bounds (server/db/fairQueue.ts, docs/decisions.md "Database queue"). */
  dbQueue: DbQueueConfig;
}

export interface DbQueueConfig {
  /** Statements that may wait for a connection; beyond that a call is answered 503 at once. */
  maxWaiting: number;
  /** The longest a statement waits for a connection before its call is answered 503. */
  maxWaitMs: number;
}

/** Sized in docs/decisions.md "Database queue": 200 users listing at once wait under a second on PGlite. */
export const DB_QUEUE_DEFAULTS: DbQueueConfig = { maxWaiting: 512, maxWaitMs: 5000 };

/** A positive whole number from the environment, else the default. */
const positive = (v: string | undefined, dflt: number) => (v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : dflt);

export interface SmtpConfig {
  host?: string;
  port: number;
  user?: string;
  pass?: string;
  from: string;
  /** true: TLS from the first byte (port 465); false: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  /** How long connecting and the server's greeting may take (the socket's silence: twice that). */
  timeoutMs: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    demo: env.SRM_DEMO !== '0',
    demoCrons: env.SRM_DEMO_CRONS !== '0',
    demoPassword: env.SRM_DEMO_PASSWORD ?? 'Srm#Demo2026',
    adminPassword: env.SRM_ADMIN_PASSWORD || undefined,
    sessionTtlSeconds: Number(env.SRM_SESSION_TTL ?? 7200),
    signatureWindowSeconds: 300,
    distDir: resolve(env.SRM_DIST_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'warn',
    version: env.npm_package_version ?? '0.1.0',
    trustProxy: env.TRUST_PROXY === '1',
    smtp: {
      host: env.SMTP_HOST || undefined,
      port: Number(env.SMTP_PORT ?? 587),
      user: env.SMTP_USER || undefined,
      pass: env.SMTP_PASS || undefined,
      from: env.SMTP_FROM ?? 'SRM <no-reply@srm.local>',
      secure: env.SMTP_SECURE === '1' || env.SMTP_SECURE === 'true',
      timeoutMs: positive(env.SMTP_TIMEOUT_MS, 10_000),
    },
    dbQueue: {
      maxWaiting: positive(env.SRM_DB_QUEUE, DB_QUEUE_DEFAULTS.maxWaiting),
      maxWaitMs: positive(env.SRM_DB_QUEUE_WAIT_MS, DB_QUEUE_DEFAULTS.maxWaitMs),
    },
  };
}
