import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { loadSessionKey } from '../../src/plugins/auth/index.js';
import { type BuildServerOptions, buildServer } from '../../src/server.js';
import type { TestDatabase, TestEngine } from './engines.js';

const AUDIT_FOLDER_PREFIX = join(tmpdir(), 'portal-test-audit-');

/**
 * The audit key and checkpoint of one test database: a temporary folder of its own, made by the
 * first server that starts (which generates the key into it, as in production).
 * removeTestAuditFolder deletes it.
 */
export function testAuditConfig(): Config['audit'] {
  const folder = `${AUDIT_FOLDER_PREFIX}${randomBytes(6).toString('hex')}`;
  return {
    key: null,
    keyFile: join(folder, 'audit-hmac.key'),
    checkpointFile: join(folder, 'audit-checkpoint.json'),
    checkpointIntervalMs: 60_000,
  };
}

export function removeTestAuditFolder(audit: Config['audit']): void {
  const folder = audit.keyFile.slice(0, audit.keyFile.lastIndexOf('/'));
  if (folder.startsWith(AUDIT_FOLDER_PREFIX)) rmSync(folder, { recursive: true, force: true });
}

export const TEST_RECEIPT_KEYS_DIR = join(tmpdir(), 'portal-test-receipt-keys');

/**
 * A config for tests: quiet, no demo data, no web app, its own audit key folder, generous rate
 * limit and citizen quotas (suites reuse one citizen for many letters; citizen-quotas.test.ts sets its own).
 */
export function testConfig(database: Config['database'], overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return {
    ...base,
    // The self-signed receipt key is generated once into a temp folder, never into data/.
    receipts: { ...base.receipts, keysDir: TEST_RECEIPT_KEYS_DIR },
    // Emails sent without SMTP (a password-reset link goes at once) become files in a temp folder, never in data/.
    mail: { ...base.mail, outboxDir: join(tmpdir(), 'portal-test-mail') },
    database,
    seedDemo: false,
    webDist: '/nonexistent/web-dist',
    authRateLimitPerMinute: 10_000,
    audit: testAuditConfig(),
    citizenQuotas: { openCases: 10_000, documentBytes: 1024 ** 4, uploadsInFlight: 1_000, lettersPerHour: 10_000, messagesPerHour: 10_000 },
    ...overrides,
  };
}

export interface TestContext {
  /** The suite's server (built in beforeAll). */
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly config: Config;
  /** Another server on the same database (closed after the suite). */
  build(overrides?: Partial<Config>, options?: BuildServerOptions): Promise<FastifyInstance>;
}

/**
 * Registers beforeAll/afterAll that give the suite its own database on `engine` and a server
 * over it; every server and the database are removed afterwards.
 */
export function useTestApp(engine: TestEngine, overrides: Partial<Config> = {}, options: BuildServerOptions = {}): TestContext {
  let testDatabase: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  let main: FastifyInstance | undefined;
  let config: Config | undefined;
  const extra: FastifyInstance[] = [];

  const ctx: TestContext = {
    get app() {
      if (!main) throw new Error('useTestApp: the server is built in beforeAll');
      return main;
    },
    get database() {
      if (!handle) throw new Error('useTestApp: the database is created in beforeAll');
      return handle;
    },
    get config() {
      if (!config) throw new Error('useTestApp: the config is made in beforeAll');
      return config;
    },
    async build(more = {}, moreOptions = {}) {
      const app = await buildServer({ ...ctx.config, ...more }, { database: ctx.database, ...moreOptions });
      extra.push(app);
      return app;
    },
  };

  beforeAll(async () => {
    testDatabase = await engine.create({ migrated: true });
    config = testConfig(testDatabase.config, overrides);
    handle = createDatabase(config.database);
    // buildServer brings the schema up to date itself (prepareSchema).
    main = await buildServer(config, { database: handle, ...options });
  });

  afterAll(async () => {
    await Promise.all([main, ...extra].map((app) => app?.close()));
    await handle?.destroy();
    await testDatabase?.drop();
    if (config) removeTestAuditFolder(config.audit);
  });

  return ctx;
}

/** The key the suite's servers sign with: JWT_SECRET when the config names one, else its key file. */
export function sessionKeyOf(config: Config): string {
  return loadSessionKey(config);
}
