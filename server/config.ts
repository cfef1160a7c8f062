import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  demo: boolean;
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
}

export interface SmtpConfig {
  host?: string;
  port: number;
  user?: string;
  pass?: string;
  from: string;
  /** true: TLS from the first byte (port 465); false: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    demo: env.SRM_DEMO !== '0',
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
    },
  };
}
