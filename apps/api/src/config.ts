import { basename, dirname } from 'node:path';
import { withoutTrailing } from '@portal/contract';
import { z } from 'zod';
import { blankAsUndefined, ConfigError, defineSlice, type Environment, flag, optionalText, readSlice, wholeNumber } from './config-kit.js';
import type { DatabaseConfig } from './db/config.js';
import { keyFileBeside } from './key-file.js';
import { type AuditConfig, auditSlice, type KeysHome } from './modules/audit/config.js';
import { type AuthConfig, type AuthSettings, authSlice } from './modules/auth/config.js';
import { type CasesConfig, casesSlice } from './modules/cases/config.js';
import { type NotificationsSettings, notificationsSlice } from './modules/notifications/config.js';
import { obligationsSlice, type ObligationsSettings } from './modules/obligations/config.js';
import { quotasSlice, type QuotasSettings } from './modules/quotas/config.js';
import { type ReceiptsConfig, receiptsSlice } from './modules/receipts/config.js';
import { type SessionsConfig, sessionsSlice } from './modules/sessions/config.js';
import { usersSlice, type UsersSettings } from './modules/users/config.js';
import { sessionKeySlice } from './plugins/auth/config.js';
import { bodyDeadlinesSlice } from './plugins/body-deadlines-config.js';
import { connectionsSlice } from './plugins/connection-limits-config.js';
import { metricsSlice } from './plugins/metrics-config.js';
import { realtimeSlice } from './plugins/realtime/config.js';
import { fromRepoRoot } from './paths.js';

/*
 * The composition of the configuration slices: each module and plugin declares its variables,
 * defaults and validation in its own folder (config-kit.ts says how); this file reads the
 * server's own variables, hands each slice what it needs of them, and stops the start with one
 * list of every bad value, whichever slices they belong to.
 */

export { ConfigError } from './config-kit.js';
export type { AuditConfig } from './modules/audit/config.js';
export type { LoginThrottleRule, TwoFactorConfig } from './modules/auth/config.js';
export type { DatabaseConfig } from './db/config.js';
export type { MailConfig } from './modules/notifications/config.js';
export type { PaymentAccountConfig } from './modules/obligations/config.js';
export type { CitizenQuotas } from './modules/quotas/config.js';
export type { ReceiptsConfig } from './modules/receipts/config.js';
export type { SessionsConfig } from './modules/sessions/config.js';
export type { FirstAdminConfig } from './modules/users/config.js';
export { DEFAULT_OFFICE_NAME, DEFAULT_RECEIPT_KEYS_DIR } from './modules/receipts/config.js';
export { DEFAULT_MAIL_DIR } from './modules/notifications/config.js';
export { type BodyDeadlines } from './plugins/body-deadlines-config.js';
export { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS } from './plugins/connection-limits-config.js';
export { type CommandLimits, DEFAULT_COMMAND_LIMITS } from './plugins/realtime/config.js';

export const DEFAULT_SQLITE_FILE = 'data/portal.db';
export const DEFAULT_WEB_DIST = 'apps/web/dist';

/** The server's own settings: how it listens, its database, and what every layer shares. */
export interface ServerConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  database: DatabaseConfig;
  /** Origins allowed to call the API with credentials; empty = same origin only. */
  corsOrigins: string[];
  /** Behind a reverse proxy: client IP from X-Forwarded-For, scheme from X-Forwarded-Proto. */
  trustProxy: boolean;
  seedDemo: boolean;
  /** Absolute path of the built web app; served only when the folder exists. */
  webDist: string;
}

type SliceValue<Slice> = Slice extends { read(...args: never[]): infer Value } ? Value : never;

/** Everything the server runs with: its own settings and every slice, flat. */
export type Config = ServerConfig &
  SliceValue<typeof sessionKeySlice> &
  SliceValue<typeof realtimeSlice> &
  SliceValue<typeof bodyDeadlinesSlice> &
  SliceValue<typeof connectionsSlice> &
  SliceValue<typeof metricsSlice> &
  AuthConfig &
  CasesConfig &
  SliceValue<typeof usersSlice> &
  SliceValue<typeof obligationsSlice> &
  SliceValue<typeof quotasSlice> &
  SliceValue<typeof notificationsSlice> &
  SliceValue<typeof auditSlice> &
  SliceValue<typeof receiptsSlice> &
  SliceValue<typeof sessionsSlice>;

const serverSlice = defineSlice({
  NODE_ENV: z.preprocess(blankAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: wholeNumber(0, 65_535),
  HOST: optionalText,
  LOG_LEVEL: z.preprocess(blankAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
  DATABASE_URL: optionalText,
  DATABASE_MIGRATION_URL: optionalText,
  CORS_ORIGINS: optionalText,
  TRUST_PROXY: flag,
  SEED_DEMO: flag,
  WEB_DIST: optionalText,
})((env, _context: void, problems): ServerConfig => {
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
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT ?? 3000,
    host: env.HOST ?? '0.0.0.0',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    database,
    corsOrigins: parseOrigins(env.CORS_ORIGINS, problems),
    trustProxy: env.TRUST_PROXY ?? false,
    // Demo accounts with published passwords belong only in the zero-set-up embedded database.
    seedDemo: env.SEED_DEMO ?? (database.engine === 'sqlite' && env.NODE_ENV !== 'production'),
    webDist: fromRepoRoot(env.WEB_DIST ?? DEFAULT_WEB_DIST),
  };
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

/**
 * Where the keys kept out of the database live by default: beside the SQLite file, or in data/
 * for PostgreSQL, named after the database so two databases never share a checkpoint.
 */
function keysHomeOf(database: DatabaseConfig): KeysHome {
  if (database.engine === 'sqlite') {
    const inMemory = database.file === ':memory:';
    return { folder: inMemory ? fromRepoRoot('data') : dirname(database.file), name: inMemory ? 'memory' : basename(database.file) };
  }
  const dbName = URL.canParse(database.url) ? decodeURIComponent(new URL(database.url).pathname.slice(1)) : '';
  return { folder: fromRepoRoot('data'), name: `postgres-${dbName.replace(/[^\w.-]/g, '_') || 'default'}` };
}

/** Every variable the server and its slices read: the configuration's whole vocabulary. */
export const CONFIG_VARIABLES: readonly string[] = [
  serverSlice,
  sessionKeySlice,
  realtimeSlice,
  bodyDeadlinesSlice,
  connectionsSlice,
  metricsSlice,
  authSlice,
  casesSlice,
  usersSlice,
  obligationsSlice,
  quotasSlice,
  notificationsSlice,
  auditSlice,
  receiptsSlice,
  sessionsSlice,
].flatMap((slice) => Object.keys(slice.variables));

/** Reads the environment once; throws ConfigError listing every problem of every slice. */
export function loadConfig(source: Environment = process.env): Config {
  const problems: string[] = [];
  const server = readSlice(serverSlice, source, undefined, problems);
  const production = server.nodeEnv === 'production';
  const notifications = readSlice(notificationsSlice, source, server.port, problems);
  const config: Config = {
    ...server,
    ...readSlice(sessionKeySlice, source, production, problems),
    ...readSlice(realtimeSlice, source, undefined, problems),
    ...readSlice(bodyDeadlinesSlice, source, undefined, problems),
    ...readSlice(connectionsSlice, source, server.trustProxy, problems),
    ...readSlice(metricsSlice, source, undefined, problems),
    ...readSlice(authSlice, source, { production, publicUrl: notifications.mail.publicUrl, corsOrigins: server.corsOrigins }, problems),
    ...readSlice(casesSlice, source, undefined, problems),
    ...readSlice(usersSlice, source, undefined, problems),
    ...readSlice(obligationsSlice, source, undefined, problems),
    ...readSlice(quotasSlice, source, undefined, problems),
    ...notifications,
    ...readSlice(auditSlice, source, keysHomeOf(server.database), problems),
    ...readSlice(receiptsSlice, source, undefined, problems),
    ...readSlice(sessionsSlice, source, undefined, problems),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * What each module is given of the configuration: its own slice, plus what the composition
 * derives for it from another's (so no module reads another module's or a plugin's settings).
 */
export interface ModuleSettings {
  audit: AuditConfig;
  auth: AuthSettings;
  cases: CasesConfig;
  notifications: NotificationsSettings;
  obligations: ObligationsSettings;
  quotas: QuotasSettings;
  receipts: ReceiptsConfig;
  sessions: SessionsConfig;
  users: UsersSettings;
}

export function moduleSettings(config: Config): ModuleSettings {
  return {
    audit: config.audit,
    auth: {
      authRateLimitPerMinute: config.authRateLimitPerMinute,
      loginThrottle: config.loginThrottle,
      twoFactor: config.twoFactor,
      twoFactorKeyFile: config.twoFactor.keyFile ?? keyFileBeside(config.audit.keyFile, 'two-factor'),
      twoFactorIssuer: config.receipts.officeName,
    },
    cases: { documentMaxBytes: config.documentMaxBytes },
    // Tests start the mail worker themselves.
    notifications: { mail: config.mail, workerAutoStart: config.nodeEnv !== 'test', replyEmailDelaySeconds: config.replyEmailDelaySeconds },
    obligations: { paymentAccount: config.paymentAccount },
    quotas: { citizenQuotas: config.citizenQuotas, uploadWindowMs: config.bodyDeadlines.uploadMs + 60_000 },
    receipts: config.receipts,
    sessions: config.sessions,
    users: { firstAdmin: config.firstAdmin },
  };
}
