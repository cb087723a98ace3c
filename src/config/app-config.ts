import { JwtService } from '@nestjs/jwt';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { xlsxLimitsFrom, type XlsxLimits } from '../common/excel/xlsx-limits';
import { ownerOnlyDirectory } from './owner-only';

/** Typed configuration, read once from the environment (documented in README.md). */
export interface AppConfig {
  port: number;
  dataDir: string;
  filesDir: string;
  /** mysql://user:pass@host:3306/db; absent = embedded SQLite under dataDir. */
  databaseUrl?: string;
  /** Connections each process keeps to MySQL/MariaDB (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** redis://host:6379; absent = jobs run inside the API process. */
  redisUrl?: string;
  /** Prefix of every Redis key, so deployments can share one Redis. */
  redisKeyPrefix: string;
  /** Where jobs run (JOB_QUEUE): Bull on Redis, consumed by worker processes, or inside the API process. Bull whenever REDIS_URL is set, unless JOB_QUEUE=in-process. */
  jobQueue: 'bull' | 'in-process';
  /** Attempts a job gets before it fails (JOB_ATTEMPTS). */
  jobAttempts: number;
  /** A running job's lock lasts this long; a worker that dies is noticed within about twice it (JOB_LOCK_MS). */
  jobLockMs: number;
  /** Queues a worker takes (WORKER_QUEUES, comma list; default all). */
  workerQueues: string[];
  /** Jobs a worker runs at once per queue (WORKER_CONCURRENCY). */
  workerConcurrency: number;
  /** How often open operations are checked against the queue, so a job Redis lost is marked failed (JOB_SWEEP_MS). */
  jobSweepMs: number;
  /** How often a worker says it is alive (WORKER_HEARTBEAT_MS); it counts as gone after three missed beats. */
  workerHeartbeatMs: number;
  /** A worker that cannot reach Redis this long exits, so its orchestrator restarts it (WORKER_REDIS_GRACE_MS). */
  workerRedisGraceMs: number;
  /** A file the worker touches at every beat, for a container health check (WORKER_HEARTBEAT_FILE; none by default). */
  workerHeartbeatFile?: string;
  jwtSecret: string;
  /** Seconds (a number) or a timespan such as '12h' (JWT_EXPIRES_IN, checked at start). */
  jwtExpiresIn: string | number;
  /** IANA zone of login hours, weekdays and "today" (TIME_ZONE, checked at start). */
  timeZone: string;
  appName: string;
  adminEmail?: string;
  adminPassword?: string;
  licence: string;
  licenceName: string;
  site: string;
  /** Password checks (right or wrong) allowed per minute from one client address; past it a 429 (LOGIN_ATTEMPTS_PER_MINUTE). */
  loginAttemptsPerMinute: number;
  /** Wrong passwords for one account from one address within the failure window; past it a 429 for that pair. */
  loginFailuresPerAddressAndAccount: number;
  /** Wrong passwords for one account (from any address) within the failure window before its checks are slowed. */
  loginFailuresBeforeSlowing: number;
  /** The window the failure counts above run over, in minutes (from the first failure; more guesses do not extend it). */
  loginFailureWindowMinutes: number;
  /** The first wait of a slowed account's check, in ms; each further failure doubles it up to loginSlowingMaxMs. */
  loginSlowingFirstMs: number;
  loginSlowingMaxMs: number;
  /** Trust X-Forwarded-For (set when the API runs behind a proxy). */
  trustProxy: boolean;
  clientDir: string;
  /** Largest upload accepted, in bytes (spec 02 section 9: 52428800). */
  maxUploadBytes: number;
  /** What an uploaded xlsx may unzip to, and how far a header row is looked for (XLSX_*). */
  xlsx: XlsxLimits;
  /** Shown on the About pages (GET /api/about). */
  supportEmail: string;
  supportTelephone: string;
  supportHours: string;
  /** Bearer token GET /api/metrics requires (METRICS_TOKEN); absent = no metrics (404). */
  metricsToken?: string;
  /** Who may read the OpenAPI document and its UI (API_DOCS). */
  apiDocs: ApiDocsMode;
  /** Lowest level logged (LOG_LEVEL): trace, debug, info, warn, error, fatal or silent. */
  logLevel: LogLevelName;
  /** JSON lines, or human-readable (LOG_FORMAT=pretty, the default when NODE_ENV=development). */
  logFormat: 'json' | 'pretty';
  /** How long SIGTERM waits for requests in flight before closing their connections (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
}

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

export const APP_CONFIG = Symbol('APP_CONFIG');

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/**
 * Without JWT_SECRET the embedded mode keeps a generated secret in the data directory,
 * so tokens survive a restart. Several API nodes must share JWT_SECRET.
 */
function jwtSecretFor(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** TIME_ZONE must be a zone Intl knows, or every login would fail with a 500. */
function timeZoneOf(value: string | undefined): string {
  const zone = value || 'Europe/London';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    throw new Error(`TIME_ZONE must be an IANA time zone such as Europe/London, got "${zone}"`);
  }
  return zone;
}

/** JOB_QUEUE: bull needs REDIS_URL; default bull when REDIS_URL is set. */
function jobQueueOf(env: NodeJS.ProcessEnv): 'bull' | 'in-process' {
  const value = env.JOB_QUEUE || (env.REDIS_URL ? 'bull' : 'in-process');
  if (value !== 'bull' && value !== 'in-process') throw new Error(`JOB_QUEUE must be bull or in-process, got "${value}"`);
  if (value === 'bull' && !env.REDIS_URL) throw new Error('JOB_QUEUE=bull needs REDIS_URL');
  return value;
}

export const API_DOCS_MODES = ['public', 'signed-in', 'off'] as const;
export type ApiDocsMode = (typeof API_DOCS_MODES)[number];

/**
 * Who may read /api/docs and /api/docs-json (API_DOCS): anyone by default, for an evaluation
 * or a developer; signed-in users only when NODE_ENV=production (the image sets it), since the
 * map of every route helps an attacker more than a user; or no one.
 */
function apiDocsOf(env: NodeJS.ProcessEnv): ApiDocsMode {
  const value = env.API_DOCS || (env.NODE_ENV === 'production' ? 'signed-in' : 'public');
  if (!(API_DOCS_MODES as readonly string[]).includes(value)) throw new Error(`API_DOCS must be one of ${API_DOCS_MODES.join(', ')}, got "${value}"`);
  return value as ApiDocsMode;
}

function logLevelOf(value: string | undefined): LogLevelName {
  const level = (value || 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level as LogLevelName;
}

function logFormatOf(env: NodeJS.ProcessEnv): 'json' | 'pretty' {
  const format = env.LOG_FORMAT || (env.NODE_ENV === 'development' ? 'pretty' : 'json');
  if (format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty, got "${format}"`);
  return format;
}

const MIN_TOKEN_SECONDS = 60;

/**
 * JWT_EXPIRES_IN as the token signer takes it: digits are seconds ('3600'; as text the signer
 * would read them as milliseconds), anything else a timespan ('12h', '7d', '90 minutes').
 * Checked by signing a token with it, so exactly what login can sign is accepted, and at least
 * a minute, or every session would end at once. A bad value would otherwise be a 500 at login.
 */
function tokenLifetimeOf(value: string | undefined): string | number {
  const text = value?.trim() || '12h';
  const lifetime = /^\d+$/.test(text) ? Number(text) : text;
  let seconds = NaN;
  try {
    const jwt = new JwtService({ secret: 'configuration check' });
    const { iat, exp } = jwt.decode<{ iat: number; exp: number }>(jwt.sign({}, { expiresIn: lifetime as never }));
    seconds = exp - iat;
  } catch {
    // Not a timespan the signer understands: reported below.
  }
  if (!(seconds >= MIN_TOKEN_SECONDS)) {
    throw new Error(`JWT_EXPIRES_IN must be a token lifetime of at least a minute, such as 12h, 7d or 3600 (seconds), got "${value}"`);
  }
  return lifetime;
}

/**
 * Reads and checks the configuration; anything invalid throws here, so the app stops at start
 * with the message rather than failing on the first request that needs the value.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const timeZone = timeZoneOf(env.TIME_ZONE);
  const jwtExpiresIn = tokenLifetimeOf(env.JWT_EXPIRES_IN);
  const dataDir = resolve(env.DATA_DIR || './data');
  // Owner only, an existing one narrowed: it holds the embedded database (password hashes), the JWT secret and the uploads.
  ownerOnlyDirectory(dataDir, 'DATA_DIR');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^mysql:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a mysql:// URL (MySQL 8 or MariaDB)');
  }
  return {
    port: positiveInt(env.PORT, 3000, 'PORT'),
    dataDir,
    filesDir: resolve(env.FILES_DIR || join(dataDir, 'files')),
    databaseUrl,
    // A sales list runs four or five statements, some side by side: 20 serves 20 busy screens at once.
    databasePoolSize: positiveInt(env.DATABASE_POOL_SIZE, 20, 'DATABASE_POOL_SIZE'),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'retail:',
    jobQueue: jobQueueOf(env),
    jobAttempts: positiveInt(env.JOB_ATTEMPTS, 3, 'JOB_ATTEMPTS'),
    jobLockMs: positiveInt(env.JOB_LOCK_MS, 30_000, 'JOB_LOCK_MS'),
    workerQueues: (env.WORKER_QUEUES || '')
      .split(',')
      .map((q) => q.trim())
      .filter(Boolean),
    workerConcurrency: positiveInt(env.WORKER_CONCURRENCY, 1, 'WORKER_CONCURRENCY'),
    jobSweepMs: positiveInt(env.JOB_SWEEP_MS, 60_000, 'JOB_SWEEP_MS'),
    workerHeartbeatMs: positiveInt(env.WORKER_HEARTBEAT_MS, 5_000, 'WORKER_HEARTBEAT_MS'),
    workerRedisGraceMs: positiveInt(env.WORKER_REDIS_GRACE_MS, 30_000, 'WORKER_REDIS_GRACE_MS'),
    workerHeartbeatFile: env.WORKER_HEARTBEAT_FILE || undefined,
    jwtSecret: jwtSecretFor(dataDir, env.JWT_SECRET),
    jwtExpiresIn,
    timeZone,
    appName: env.APP_NAME || 'Retail Back Office',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    licence: env.LICENCE || 'DEMO-0000',
    licenceName: env.LICENCE_NAME || 'Demonstration licence',
    site: env.SITE || 'demo',
    loginAttemptsPerMinute: positiveInt(env.LOGIN_ATTEMPTS_PER_MINUTE, 30, 'LOGIN_ATTEMPTS_PER_MINUTE'),
    loginFailuresPerAddressAndAccount: positiveInt(env.LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT, 5, 'LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT'),
    loginFailuresBeforeSlowing: positiveInt(env.LOGIN_FAILURES_BEFORE_SLOWING, 10, 'LOGIN_FAILURES_BEFORE_SLOWING'),
    loginFailureWindowMinutes: positiveInt(env.LOGIN_FAILURE_WINDOW_MINUTES, 15, 'LOGIN_FAILURE_WINDOW_MINUTES'),
    loginSlowingFirstMs: positiveInt(env.LOGIN_SLOWING_FIRST_MS, 1_000, 'LOGIN_SLOWING_FIRST_MS'),
    loginSlowingMaxMs: positiveInt(env.LOGIN_SLOWING_MAX_MS, 15_000, 'LOGIN_SLOWING_MAX_MS'),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    clientDir: resolve(env.CLIENT_DIR || join(__dirname, '..', '..', 'client', 'dist')),
    maxUploadBytes: positiveInt(env.MAX_UPLOAD_BYTES, 52_428_800, 'MAX_UPLOAD_BYTES'),
    xlsx: xlsxLimitsFrom(env, positiveInt),
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    supportTelephone: env.SUPPORT_TELEPHONE || '020 7946 0000',
    supportHours: env.SUPPORT_HOURS || 'Monday to Friday, 9am to 5pm (UK time), except bank holidays',
    metricsToken: env.METRICS_TOKEN || undefined,
    apiDocs: apiDocsOf(env),
    logLevel: logLevelOf(env.LOG_LEVEL),
    logFormat: logFormatOf(env),
    // Under the 30 s most orchestrators wait between SIGTERM and SIGKILL (Kubernetes' default grace period).
    shutdownTimeoutMs: positiveInt(env.SHUTDOWN_TIMEOUT_MS, 25_000, 'SHUTDOWN_TIMEOUT_MS'),
  };
}
