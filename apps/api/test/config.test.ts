import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { REPO_ROOT } from '../src/paths.js';

// Pure parsing of the environment: no database is involved, so this file runs once.
describe('loadConfig', () => {
  it('has working development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      // No constant: generated once into the database (tests in jwt-secret.test.ts).
      jwtSecret: null,
      database: { engine: 'sqlite', file: `${REPO_ROOT}/data/portal.db` },
      webDist: `${REPO_ROOT}/apps/web/dist`,
      authRateLimitPerMinute: 60,
      loginThrottle: { perUserAndAddress: 5, windowMinutes: 15, perAddress: 50, delayBaseMs: 1_000, delayMaxMs: 8_000 },
      seedDemo: true,
      corsOrigins: [],
      firstAdmin: null,
      documentMaxBytes: 10 * 1024 * 1024,
    });
  });

  it('sends email through SMTP_URL from MAIL_FROM with links to PUBLIC_URL; unset: .eml files under data/mail', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: null,
      from: 'City Service Portal <no-reply@portal.local>',
      publicUrl: 'http://localhost:3000',
      outboxDir: `${REPO_ROOT}/data/mail`,
    });
    const config = loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.org:587', MAIL_FROM: 'Urząd <bok@example.org>', PUBLIC_URL: 'https://portal.example.org/' });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtp://user:pass@mail.example.org:587', from: 'Urząd <bok@example.org>', publicUrl: 'https://portal.example.org' });
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://portal.example.org' })).toThrow(/PUBLIC_URL/);
  });

  it('takes the document size limit from DOCUMENT_MAX_BYTES', () => {
    expect(loadConfig({ DOCUMENT_MAX_BYTES: '2097152' }).documentMaxBytes).toBe(2 * 1024 * 1024);
    expect(() => loadConfig({ DOCUMENT_MAX_BYTES: '0' })).toThrow(/DOCUMENT_MAX_BYTES/);
    expect(() => loadConfig({ DOCUMENT_MAX_BYTES: 'ten megabytes' })).toThrow(/DOCUMENT_MAX_BYTES/);
  });

  it('has request body deadlines and citizen quotas no honest client meets, each changeable', () => {
    expect(loadConfig({})).toMatchObject({
      bodyDeadlines: { idleMs: 20_000, requestMs: 60_000, uploadMs: 600_000 },
      citizenQuotas: { openCases: 100, documentBytes: 2048 * 1024 * 1024, uploadsInFlight: 4, lettersPerHour: 30, messagesPerHour: 600 },
    });
    const config = loadConfig({
      REQUEST_BODY_IDLE_SECONDS: '5',
      REQUEST_BODY_SECONDS: '30',
      UPLOAD_BODY_SECONDS: '120',
      CITIZEN_OPEN_CASES_MAX: '7',
      CITIZEN_DOCUMENT_MEGABYTES_MAX: '50',
      CITIZEN_UPLOADS_IN_FLIGHT: '2',
      CITIZEN_LETTERS_PER_HOUR: '3',
      CITIZEN_MESSAGES_PER_HOUR: '40',
    });
    expect(config.bodyDeadlines).toEqual({ idleMs: 5_000, requestMs: 30_000, uploadMs: 120_000 });
    expect(config.citizenQuotas).toEqual({ openCases: 7, documentBytes: 50 * 1024 * 1024, uploadsInFlight: 2, lettersPerHour: 3, messagesPerHour: 40 });
    expect(() => loadConfig({ CITIZEN_OPEN_CASES_MAX: '0' })).toThrow(/CITIZEN_OPEN_CASES_MAX/);
    expect(() => loadConfig({ REQUEST_BODY_IDLE_SECONDS: 'soon' })).toThrow(/REQUEST_BODY_IDLE_SECONDS/);
  });

  it('refuses to start in production with a short JWT secret; unset means generated, in any environment', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32/);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-forty-characters-000000' });
    expect(config.seedDemo).toBe(false);
    expect(config.jwtSecret).toBe('a-real-secret-of-forty-characters-000000');
    expect(loadConfig({ NODE_ENV: 'production' }).jwtSecret).toBeNull();
  });

  it('reads DATABASE_URL as SQLite (relative to the repository root) or PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:tmp/x.db' }).database).toEqual({ engine: 'sqlite', file: `${REPO_ROOT}/tmp/x.db` });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/portal.db' }).database).toEqual({ engine: 'sqlite', file: '/var/lib/portal.db' });
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ engine: 'sqlite', file: ':memory:' });
    const pg = loadConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/portal' });
    expect(pg.database).toEqual({ engine: 'postgres', url: 'postgresql://u:p@db:5432/portal' });
    expect(pg.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/portal' })).toThrow(/DATABASE_URL/);
  });

  it('keeps the audit key and checkpoint beside the SQLite file, or in data/ named after the PostgreSQL database', () => {
    expect(loadConfig({}).audit).toEqual({
      key: null,
      keyFile: `${REPO_ROOT}/data/portal.db.audit-hmac.key`,
      checkpointFile: `${REPO_ROOT}/data/portal.db.audit-checkpoint.json`,
      checkpointIntervalMs: 60_000,
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/portal/city.db' }).audit.keyFile).toBe('/var/lib/portal/city.db.audit-hmac.key');
    const pg = loadConfig({ DATABASE_URL: 'postgres://db/portal', AUDIT_KEYS_DIR: '/etc/portal/keys', AUDIT_CHECKPOINT_SECONDS: '15' });
    expect(pg.audit).toMatchObject({
      keyFile: '/etc/portal/keys/postgres-portal.audit-hmac.key',
      checkpointFile: '/etc/portal/keys/postgres-portal.audit-checkpoint.json',
      checkpointIntervalMs: 15_000,
    });
    expect(loadConfig({ AUDIT_HMAC_KEY: 'k'.repeat(32), AUDIT_HMAC_KEY_FILE: '/run/secrets/audit' }).audit).toMatchObject({
      key: 'k'.repeat(32),
      keyFile: '/run/secrets/audit',
    });
    expect(() => loadConfig({ AUDIT_HMAC_KEY: 'short' })).toThrow(/AUDIT_HMAC_KEY must be at least 32/);
  });

  it('reads DATABASE_MIGRATION_URL, the owner role for migrations, only beside a PostgreSQL DATABASE_URL', () => {
    const both = loadConfig({ DATABASE_URL: 'postgres://api@db/portal', DATABASE_MIGRATION_URL: 'postgres://owner@db/portal' });
    expect(both.database).toEqual({ engine: 'postgres', url: 'postgres://api@db/portal', migrationUrl: 'postgres://owner@db/portal' });
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: 'postgres://owner@db/portal' })).toThrow(/DATABASE_MIGRATION_URL/);
  });

  it('seeds demo data in production only when SEED_DEMO=true', () => {
    const secret = { NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-forty-characters-000000' };
    expect(loadConfig(secret).seedDemo).toBe(false);
    expect(loadConfig({ ...secret, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('parses numbers, origins and the first admin, listing every problem at once', () => {
    const config = loadConfig({
      PORT: '8080',
      CORS_ORIGINS: 'https://a.example.org, http://localhost:5173/',
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      LOGIN_LOCK_THRESHOLD: '3',
      LOGIN_LOCK_MINUTES: '2',
      LOGIN_ADDRESS_LIMIT: '20',
      LOGIN_DELAY_MAX_SECONDS: '4',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'Sup3rSecret',
      ADMIN_EMAIL: 'Root@Example.org',
      WEB_DIST: '/srv/web',
    });
    expect(config).toMatchObject({
      port: 8080,
      corsOrigins: ['https://a.example.org', 'http://localhost:5173'],
      authRateLimitPerMinute: 5,
      loginThrottle: { perUserAndAddress: 3, windowMinutes: 2, perAddress: 20, delayBaseMs: 1_000, delayMaxMs: 4_000 },
      firstAdmin: { username: 'root', password: 'Sup3rSecret', email: 'root@example.org' },
      webDist: '/srv/web',
    });

    let problems: string[] = [];
    try {
      loadConfig({ CORS_ORIGINS: 'not a url', ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'short' });
    } catch (error) {
      problems = error instanceof ConfigError ? error.problems : [];
    }
    expect(problems.join('\n')).toMatch(/CORS_ORIGINS/);
    expect(problems.join('\n')).toMatch(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'root' })).toThrow(/together/);
  });
});
