import { basename, dirname, join } from 'node:path';
import {
  AUTH_TOKEN_LIFETIME_MINUTES,
  DOCUMENT_MAX_BYTES_DEFAULT,
  emailField,
  isValidNip,
  isValidNrb,
  normalizeNip,
  normalizeNrb,
  passwordField,
  STAFF_IDLE_MINUTES_DEFAULT,
  STAFF_TWO_FACTOR_MODES,
  type StaffTwoFactorMode,
  usernameField,
  withoutTrailing,
} from '@portal/contract';
import { z } from 'zod';
import { type CommandLimits, DEFAULT_COMMAND_LIMITS } from './plugins/realtime/command-limiter.js';
import { fromRepoRoot } from './paths.js';

const PRODUCTION_SECRET_MIN_LENGTH = 32;
export const DEFAULT_SQLITE_FILE = 'data/portal.db';
export const DEFAULT_WEB_DIST = 'apps/web/dist';

/**
 * The login throttling rule (LOGIN_*; enforced by modules/auth/login-throttle.ts, stated in the
 * README's "Security" section). Declared here, not in the module, so the config imports no module.
 */
export interface LoginThrottleRule {
  /** Password checks one client address may make for one username per window. */
  perUserAndAddress: number;
  /**
   * Login attempts one client address may make per window, for any usernames (successes given
   * back). Beyond it the address is not refused as a whole (an office behind one NAT shares it):
   * a username that already failed from the address in the window is refused there, and every
   * other attempt from it waits delayBaseMs, doubling per attempt up to delayMaxMs.
   */
  perAddress: number;
  windowMinutes: number;
  /**
   * Across all addresses, once a username had more than `perUserAndAddress` attempts in the window,
   * each further attempt waits delayBaseMs, doubling per attempt up to delayMaxMs, before its
   * password is checked: slower, never locked, so the owner on an address that has not failed
   * still gets in.
   */
  delayBaseMs: number;
  delayMaxMs: number;
}

export type DatabaseConfig =
  | { engine: 'sqlite'; /** absolute path or ':memory:' */ file: string }
  | {
      engine: 'postgres';
      /** What the API connects as: on a hardened install a role that owns nothing (README "Security"). */
      url: string;
      /** DATABASE_MIGRATION_URL: the owner role that runs migrations and grants the API role its rights; unset: `url` does both. */
      migrationUrl?: string;
    };

/** The keyed audit chain (modules/audit; README "Security"). Both files live outside the database. */
export interface AuditConfig {
  /** AUDIT_HMAC_KEY, or null: the key is read from `keyFile`, generated into it (mode 0600) on the first start. */
  key: string | null;
  keyFile: string;
  /** The signed checkpoint of the chain's head (id + MAC) that reveals a cut tail. */
  checkpointFile: string;
  /** How often the checkpoint follows the head. */
  checkpointIntervalMs: number;
}

/** Two-factor sign-in (modules/auth/two-factor; README "Security"). */
export interface TwoFactorConfig {
  /** STAFF_2FA; default `required` in production, `optional` otherwise. */
  staffMode: StaffTwoFactorMode;
  /** TWO_FACTOR_KEY (at least 32 characters), or null: the key file, generated (mode 0600) on first use. */
  key: string | null;
  /** TWO_FACTOR_KEY_FILE; null: `<audit keys dir>/<db>.two-factor.key`, beside the audit key. */
  keyFile: string | null;
  /** The WebAuthn relying party: WEBAUTHN_RP_ID, default PUBLIC_URL's host name. */
  rpId: string;
  /** Pages passkeys may be used from: PUBLIC_URL's origin and CORS_ORIGINS. */
  origins: string[];
}

export interface FirstAdminConfig {
  username: string;
  password: string;
  email: string;
}

/** The city's bank account citizens pay obligations into (shown with a ZBP payment code). */
export interface PaymentAccountConfig {
  /** 26 digits with valid check digits. */
  nrb: string;
  recipientName: string;
  /** PAYMENT_RECIPIENT_NIP: the city's tax number (10 digits, valid check digit), written into the payment code; null leaves that field empty. */
  nip: string | null;
}

/** Signed receipts (modules/receipts): whose name they carry and the key they are sealed with. */
export interface ReceiptsConfig {
  officeName: string;
  /** RECEIPT_SIGNING_P12 (absolute) and its password; null: a self-signed key kept in keysDir. */
  signingP12: { file: string; password: string } | null;
  /** Where the generated self-signed key lives (outside the database, mode 0600). */
  keysDir: string;
}

export const DEFAULT_OFFICE_NAME = 'City Service Portal';
export const DEFAULT_RECEIPT_KEYS_DIR = 'data/keys';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  database: DatabaseConfig;
  /**
   * JWT_SECRET, or null: then 256 random bits are generated on the first start and kept in the
   * database (auth_secrets), shared by every API process on it (plugins/auth/secret.ts).
   */
  jwtSecret: string | null;
  /** Origins allowed to call the API with credentials; empty = same origin only. */
  corsOrigins: string[];
  /** Behind a reverse proxy: client IP from X-Forwarded-For, scheme from X-Forwarded-Proto. */
  trustProxy: boolean;
  authRateLimitPerMinute: number;
  /** The login throttling rule (modules/auth/login-throttle.ts; README "Security"). */
  loginThrottle: LoginThrottleRule;
  firstAdmin: FirstAdminConfig | null;
  seedDemo: boolean;
  /** Absolute path of the built web app; served only when the folder exists. */
  webDist: string;
  /** Unset: obligations show no transfer details. */
  paymentAccount: PaymentAccountConfig | null;
  /** The largest PDF an upload may carry; a larger one is refused with 413 before it is read whole. */
  documentMaxBytes: number;
  /** What one WebSocket may send (plugins/realtime/command-limiter.ts); beyond it the socket is closed with 1008. */
  liveCommands: CommandLimits;
  audit: AuditConfig;
  /** How long a request's body may take to arrive (plugins/body-deadlines.ts; README "Security"). */
  bodyDeadlines: BodyDeadlines;
  /** What one citizen may use (citizen-quotas.ts); staff are not limited. */
  citizenQuotas: CitizenQuotas;
  /** Signed receipts (modules/receipts; README "Security"): the office named on them and the signing key. */
  receipts: ReceiptsConfig;
  /** Emails (issue 18): how they leave and where their links point. */
  mail: MailConfig;
  /** Two-factor sign-in (issue 21). */
  twoFactor: TwoFactorConfig;
  /** METRICS_TOKEN: GET /metrics answers only `Authorization: Bearer <it>`; null: /metrics is 404. */
  metricsToken: string | null;
  /** Sessions (issue 21): how long a token lasts and how long staff may stay idle. */
  sessions: SessionsConfig;
}

export interface SessionsConfig {
  /** SESSION_MINUTES: a token's lifetime (default AUTH_TOKEN_LIFETIME_MINUTES); "Stay signed in" issues a new one. */
  lifetimeMinutes: number;
  /** STAFF_IDLE_MINUTES (5 at least: the web warns 2 minutes ahead): an EMPLOYEE or ADMIN session with no request for this long ends (server-side). */
  staffIdleMinutes: number;
}

export interface BodyDeadlines {
  /** A body from which no byte arrived for this long is answered 408 and its connection closed. */
  idleMs: number;
  /** The whole body of an ordinary request must arrive within this. */
  requestMs: number;
  /** The whole body of a document upload must arrive within this (an upload that keeps sending). */
  uploadMs: number;
}

export interface CitizenQuotas {
  /** Cases PENDING or IN_PROGRESS one citizen may have at once. */
  openCases: number;
  /** Total size of the documents in one citizen's cases. */
  documentBytes: number;
  /** Uploads one citizen may have arriving at once (each up to documentMaxBytes before it is judged). */
  uploadsInFlight: number;
  /** Letters one citizen may send within an hour (from the first in the window). */
  lettersPerHour: number;
  /** Chat messages one citizen may send within an hour (from the first in the window). */
  messagesPerHour: number;
}

export interface MailConfig {
  /** SMTP_URL (smtp:// with STARTTLS when offered, smtps://, credentials in the URL); null: .eml files. */
  smtpUrl: string | null;
  /** MAIL_FROM: the From header. */
  from: string;
  /** PUBLIC_URL without a trailing slash: every link in an email starts with it. */
  publicUrl: string;
  /** Where emails are written as .eml files when SMTP_URL is unset (absolute). */
  outboxDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankAsUndefined, z.string().trim().optional());
const flag = z.preprocess(
  blankAsUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .transform((value) => ['true', '1', 'yes'].includes(value))
    .optional(),
);
const wholeNumber = (min: number, max: number) =>
  z.preprocess(blankAsUndefined, z.coerce.number().int().min(min).max(max).optional());

const envSchema = z.object({
  NODE_ENV: z.preprocess(blankAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: wholeNumber(0, 65_535),
  HOST: optionalText,
  LOG_LEVEL: z.preprocess(blankAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
  DATABASE_URL: optionalText,
  DATABASE_MIGRATION_URL: optionalText,
  AUDIT_HMAC_KEY: optionalText,
  STAFF_2FA: z.preprocess(blankAsUndefined, z.enum(STAFF_TWO_FACTOR_MODES).optional()),
  TWO_FACTOR_KEY: optionalText,
  TWO_FACTOR_KEY_FILE: optionalText,
  WEBAUTHN_RP_ID: optionalText,
  AUDIT_HMAC_KEY_FILE: optionalText,
  AUDIT_KEYS_DIR: optionalText,
  AUDIT_CHECKPOINT_FILE: optionalText,
  AUDIT_CHECKPOINT_SECONDS: wholeNumber(1, 24 * 60 * 60),
  JWT_SECRET: optionalText,
  CORS_ORIGINS: optionalText,
  TRUST_PROXY: flag,
  AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000),
  LOGIN_LOCK_THRESHOLD: wholeNumber(1, 1_000),
  LOGIN_LOCK_MINUTES: wholeNumber(1, 24 * 60),
  LOGIN_ADDRESS_LIMIT: wholeNumber(1, 1_000_000),
  LOGIN_DELAY_MAX_SECONDS: wholeNumber(1, 60),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: z.preprocess(blankAsUndefined, z.string().optional()),
  ADMIN_EMAIL: optionalText,
  SEED_DEMO: flag,
  WEB_DIST: optionalText,
  PAYMENT_ACCOUNT_NRB: optionalText,
  PAYMENT_RECIPIENT_NAME: optionalText,
  PAYMENT_RECIPIENT_NIP: optionalText,
  DOCUMENT_MAX_BYTES: wholeNumber(1, 1024 * 1024 * 1024),
  WS_COMMANDS_PER_SECOND: wholeNumber(1, 100_000),
  WS_COMMAND_BURST: wholeNumber(1, 100_000),
  WS_COMMAND_QUEUE_MAX: wholeNumber(1, 100_000),
  REQUEST_BODY_IDLE_SECONDS: wholeNumber(1, 3_600),
  REQUEST_BODY_SECONDS: wholeNumber(1, 3_600),
  UPLOAD_BODY_SECONDS: wholeNumber(1, 24 * 3_600),
  CITIZEN_OPEN_CASES_MAX: wholeNumber(1, 1_000_000),
  CITIZEN_DOCUMENT_MEGABYTES_MAX: wholeNumber(1, 1024 * 1024),
  CITIZEN_UPLOADS_IN_FLIGHT: wholeNumber(1, 1_000),
  CITIZEN_LETTERS_PER_HOUR: wholeNumber(1, 1_000_000),
  CITIZEN_MESSAGES_PER_HOUR: wholeNumber(1, 1_000_000),
  OFFICE_NAME: optionalText,
  RECEIPT_SIGNING_P12: optionalText,
  RECEIPT_SIGNING_P12_PASSWORD: z.preprocess(blankAsUndefined, z.string().optional()),
  RECEIPT_KEYS_DIR: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  PUBLIC_URL: optionalText,
  SESSION_MINUTES: wholeNumber(3, 24 * 60),
  STAFF_IDLE_MINUTES: wholeNumber(5, 24 * 60),
  METRICS_TOKEN: optionalText,
});

export function parseDatabaseUrl(value: string | undefined): DatabaseConfig {
  if (value === undefined) return { engine: 'sqlite', file: fromRepoRoot(DEFAULT_SQLITE_FILE) };
  if (/^postgres(ql)?:\/\//i.test(value)) return { engine: 'postgres', url: value };
  const sqlite = /^sqlite:(.+)$/i.exec(value);
  if (sqlite?.[1]) {
    const file = sqlite[1].replace(/^\/\/(?=\/)/, '');
    return { engine: 'sqlite', file: file === ':memory:' ? ':memory:' : fromRepoRoot(file) };
  }
  throw new ConfigError(['DATABASE_URL must start with postgres://, postgresql:// or sqlite: (e.g. sqlite:data/portal.db)']);
}

function parseOrigins(value: string | undefined, problems: string[]): string[] {
  if (!value) return [];
  const origins = value.split(',').map((origin) => withoutTrailing(origin.trim(), '/')).filter(Boolean);
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      problems.push(`CORS_ORIGINS: "${origin}" is not an origin like https://portal.example.org`);
    }
  }
  return origins;
}

function parseFirstAdmin(env: z.infer<typeof envSchema>, problems: string[]): FirstAdminConfig | null {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = env;
  if (!username && !password) return null;
  if (!username || !password) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
    return null;
  }
  const email = env.ADMIN_EMAIL ?? `${username}@portal.local`;
  // The first admin obeys the same rules as every account, so it can log in through the form.
  const checks = [
    ['ADMIN_USERNAME', usernameField.safeParse(username)],
    ['ADMIN_PASSWORD', passwordField.safeParse(password)],
    ['ADMIN_EMAIL', emailField.safeParse(email)],
  ] as const;
  for (const [name, result] of checks) {
    if (!result.success) problems.push(`${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  }
  // Stored as the forms would store them (NFKC username, normalized email).
  return { username: checks[0][1].data ?? username, password, email: checks[2][1].data ?? email.toLowerCase() };
}

const AUDIT_KEY_MIN_LENGTH = 32;
const METRICS_TOKEN_MIN_LENGTH = 16;

/**
 * Where the audit key and checkpoint live by default: beside the SQLite file, or in data/ for
 * PostgreSQL, named after the database so two databases never share a checkpoint.
 */
function parseAudit(env: z.infer<typeof envSchema>, database: DatabaseConfig, problems: string[]): AuditConfig {
  let folder: string;
  let name: string;
  if (database.engine === 'sqlite') {
    const inMemory = database.file === ':memory:';
    folder = inMemory ? fromRepoRoot('data') : dirname(database.file);
    name = inMemory ? 'memory' : basename(database.file);
  } else {
    folder = fromRepoRoot('data');
    const dbName = URL.canParse(database.url) ? decodeURIComponent(new URL(database.url).pathname.slice(1)) : '';
    name = `postgres-${dbName.replace(/[^\w.-]/g, '_') || 'default'}`;
  }
  if (env.AUDIT_KEYS_DIR) folder = fromRepoRoot(env.AUDIT_KEYS_DIR);
  const key = env.AUDIT_HMAC_KEY ?? null;
  if (key !== null && key.length < AUDIT_KEY_MIN_LENGTH) {
    problems.push(`AUDIT_HMAC_KEY must be at least ${AUDIT_KEY_MIN_LENGTH} characters (or unset: a random one is generated into a file)`);
  }
  return {
    key,
    keyFile: env.AUDIT_HMAC_KEY_FILE ? fromRepoRoot(env.AUDIT_HMAC_KEY_FILE) : join(folder, `${name}.audit-hmac.key`),
    checkpointFile: env.AUDIT_CHECKPOINT_FILE ? fromRepoRoot(env.AUDIT_CHECKPOINT_FILE) : join(folder, `${name}.audit-checkpoint.json`),
    checkpointIntervalMs: (env.AUDIT_CHECKPOINT_SECONDS ?? 60) * 1000,
  };
}

/** A recipient line of a Polish transfer form holds up to 70 characters (2 lines of 35). */
const RECIPIENT_NAME_MAX = 70;

function parsePaymentAccount(env: z.infer<typeof envSchema>, problems: string[]): PaymentAccountConfig | null {
  const { PAYMENT_ACCOUNT_NRB: account, PAYMENT_RECIPIENT_NAME: recipientName, PAYMENT_RECIPIENT_NIP: nipText } = env;
  if (!account && !recipientName) {
    if (nipText) problems.push('PAYMENT_RECIPIENT_NIP needs PAYMENT_ACCOUNT_NRB and PAYMENT_RECIPIENT_NAME');
    return null;
  }
  if (!account || !recipientName) {
    problems.push('PAYMENT_ACCOUNT_NRB and PAYMENT_RECIPIENT_NAME must be set together');
    return null;
  }
  const nrb = normalizeNrb(account);
  if (!nrb) {
    problems.push('PAYMENT_ACCOUNT_NRB must be a Polish account number of 26 digits (spaces and a leading PL allowed)');
    return null;
  }
  // A mistyped digit would send every citizen's money to someone else's account: refuse to start.
  if (!isValidNrb(nrb)) {
    problems.push('PAYMENT_ACCOUNT_NRB has wrong check digits (NRB / IBAN checksum): check the account number for a typing mistake');
    return null;
  }
  if (Array.from(recipientName).length > RECIPIENT_NAME_MAX) {
    problems.push(`PAYMENT_RECIPIENT_NAME must be at most ${RECIPIENT_NAME_MAX} characters`);
    return null;
  }
  const nip = nipText ? normalizeNip(nipText) : null;
  if (nipText && nip === null) {
    problems.push('PAYMENT_RECIPIENT_NIP must be a Polish tax number of 10 digits (spaces, hyphens and a leading PL allowed)');
    return null;
  }
  // A wrong NIP in every citizen's payment code would make banks warn about the recipient: refuse to start.
  if (nip !== null && !isValidNip(nip)) {
    problems.push('PAYMENT_RECIPIENT_NIP has a wrong check digit: check the tax number for a typing mistake');
    return null;
  }
  return { nrb, recipientName, nip };
}

const DEFAULT_MAIL_FROM = 'City Service Portal <no-reply@portal.local>';
export const DEFAULT_MAIL_DIR = 'data/mail';

function parseMail(env: z.infer<typeof envSchema>, port: number, problems: string[]): MailConfig {
  const smtpUrl = env.SMTP_URL ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/]/i.test(smtpUrl)) {
    problems.push('SMTP_URL must start with smtp:// or smtps:// (e.g. smtp://user:password@mail.example.org:587)');
  }
  const from = env.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  // Line breaks would let the value add headers of its own.
  if (/[\r\n]/.test(from) || !from.includes('@')) problems.push('MAIL_FROM must be an address like "Portal <no-reply@example.org>"');
  const publicUrl = withoutTrailing(env.PUBLIC_URL ?? `http://localhost:${port}`, '/');
  if (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)) {
    problems.push('PUBLIC_URL must be an http(s) address like https://portal.example.org');
  }
  return { smtpUrl, from, publicUrl, outboxDir: fromRepoRoot(DEFAULT_MAIL_DIR) };
}

const TWO_FACTOR_KEY_MIN_LENGTH = 32;

function parseTwoFactor(env: z.infer<typeof envSchema>, config: Config, problems: string[]): TwoFactorConfig {
  const key = env.TWO_FACTOR_KEY ?? null;
  if (key !== null && key.length < TWO_FACTOR_KEY_MIN_LENGTH) {
    problems.push(`TWO_FACTOR_KEY must be at least ${TWO_FACTOR_KEY_MIN_LENGTH} characters (or unset: a random one is generated into a file)`);
  }
  const publicOrigin = URL.canParse(config.mail.publicUrl) ? new URL(config.mail.publicUrl) : new URL('http://localhost');
  return {
    staffMode: env.STAFF_2FA ?? (env.NODE_ENV === 'production' ? 'required' : 'optional'),
    key,
    keyFile: env.TWO_FACTOR_KEY_FILE ? fromRepoRoot(env.TWO_FACTOR_KEY_FILE) : null,
    rpId: env.WEBAUTHN_RP_ID ?? publicOrigin.hostname,
    origins: [...new Set([publicOrigin.origin, ...config.corsOrigins])],
  };
}

/** Reads the environment once; throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  const isProduction = env.NODE_ENV === 'production';

  let database: DatabaseConfig = { engine: 'sqlite', file: ':memory:' };
  try {
    database = parseDatabaseUrl(env.DATABASE_URL);
  } catch (error) {
    problems.push(...(error instanceof ConfigError ? error.problems : [String(error)]));
  }
  if (env.DATABASE_MIGRATION_URL) {
    if (database.engine !== 'postgres' || !/^postgres(ql)?:\/\//i.test(env.DATABASE_MIGRATION_URL)) {
      problems.push('DATABASE_MIGRATION_URL needs a postgres:// DATABASE_URL and must itself start with postgres:// or postgresql://');
    } else {
      database = { ...database, migrationUrl: env.DATABASE_MIGRATION_URL };
    }
  }

  const jwtSecret = env.JWT_SECRET ?? null;
  if (isProduction && jwtSecret !== null && jwtSecret.length < PRODUCTION_SECRET_MIN_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${PRODUCTION_SECRET_MIN_LENGTH} characters in production (or unset: a random one is generated)`);
  }
  const delayMaxMs = (env.LOGIN_DELAY_MAX_SECONDS ?? 8) * 1000;

  const config: Config = {
    nodeEnv: env.NODE_ENV,
    port: env.PORT ?? 3000,
    host: env.HOST ?? '0.0.0.0',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    database,
    jwtSecret,
    corsOrigins: parseOrigins(env.CORS_ORIGINS, problems),
    trustProxy: env.TRUST_PROXY ?? false,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE ?? 60,
    loginThrottle: {
      perUserAndAddress: env.LOGIN_LOCK_THRESHOLD ?? 5,
      windowMinutes: env.LOGIN_LOCK_MINUTES ?? 15,
      perAddress: env.LOGIN_ADDRESS_LIMIT ?? 50,
      delayBaseMs: Math.min(1_000, delayMaxMs),
      delayMaxMs,
    },
    firstAdmin: parseFirstAdmin(env, problems),
    // Demo accounts with published passwords belong only in the zero-set-up embedded database.
    seedDemo: env.SEED_DEMO ?? (database.engine === 'sqlite' && !isProduction),
    webDist: fromRepoRoot(env.WEB_DIST ?? DEFAULT_WEB_DIST),
    paymentAccount: parsePaymentAccount(env, problems),
    documentMaxBytes: env.DOCUMENT_MAX_BYTES ?? DOCUMENT_MAX_BYTES_DEFAULT,
    liveCommands: {
      perSecond: env.WS_COMMANDS_PER_SECOND ?? DEFAULT_COMMAND_LIMITS.perSecond,
      burst: env.WS_COMMAND_BURST ?? DEFAULT_COMMAND_LIMITS.burst,
      queueMax: env.WS_COMMAND_QUEUE_MAX ?? DEFAULT_COMMAND_LIMITS.queueMax,
    },
    audit: parseAudit(env, database, problems),
    // A phone on a poor connection still sends a few KB a second; 10 minutes carry a 10 MB PDF at 17 KB/s.
    bodyDeadlines: {
      idleMs: (env.REQUEST_BODY_IDLE_SECONDS ?? 20) * 1000,
      requestMs: (env.REQUEST_BODY_SECONDS ?? 60) * 1000,
      uploadMs: (env.UPLOAD_BODY_SECONDS ?? 600) * 1000,
    },
    citizenQuotas: {
      openCases: env.CITIZEN_OPEN_CASES_MAX ?? 100,
      documentBytes: (env.CITIZEN_DOCUMENT_MEGABYTES_MAX ?? 2048) * 1024 * 1024,
      // The web app uploads a case's files one after another.
      uploadsInFlight: env.CITIZEN_UPLOADS_IN_FLIGHT ?? 4,
      lettersPerHour: env.CITIZEN_LETTERS_PER_HOUR ?? 30,
      messagesPerHour: env.CITIZEN_MESSAGES_PER_HOUR ?? 600,
    },
    receipts: {
      officeName: env.OFFICE_NAME ?? DEFAULT_OFFICE_NAME,
      signingP12: env.RECEIPT_SIGNING_P12 ? { file: fromRepoRoot(env.RECEIPT_SIGNING_P12), password: env.RECEIPT_SIGNING_P12_PASSWORD ?? '' } : null,
      keysDir: fromRepoRoot(env.RECEIPT_KEYS_DIR ?? DEFAULT_RECEIPT_KEYS_DIR),
    },
    mail: parseMail(env, env.PORT ?? 3000, problems),
    twoFactor: { staffMode: 'optional', key: null, keyFile: null, rpId: 'localhost', origins: [] },
    sessions: {
      lifetimeMinutes: env.SESSION_MINUTES ?? AUTH_TOKEN_LIFETIME_MINUTES,
      staffIdleMinutes: env.STAFF_IDLE_MINUTES ?? STAFF_IDLE_MINUTES_DEFAULT,
    },
    metricsToken: env.METRICS_TOKEN ?? null,
  };
  config.twoFactor = parseTwoFactor(env, config, problems);
  if (config.metricsToken !== null && config.metricsToken.length < METRICS_TOKEN_MIN_LENGTH) {
    problems.push(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters (or unset: no /metrics)`);
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}
