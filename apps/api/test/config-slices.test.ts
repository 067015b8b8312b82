import { describe, expect, it } from 'vitest';
import { defineModule, ModuleList, setUpModules, type SharedEnvironment } from '../src/app-module.js';
import { CONFIG_VARIABLES, ConfigError, loadConfig, moduleSettings } from '../src/config.js';

// Issue 31, point 6: each module and plugin declares its own slice of the configuration; the
// composition lists every bad value at once, and a module is given its own slice and no other.

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('composing the configuration slices', () => {
  it('reads the same variables as before the slices, each declared by one slice (README, deploy files and tests use these names)', () => {
    // The variables config.ts read as one schema before issue 31 split it.
    const before = `ADMIN_EMAIL ADMIN_PASSWORD ADMIN_USERNAME AUDIT_CHECKPOINT_FILE AUDIT_CHECKPOINT_SECONDS AUDIT_HMAC_KEY
      AUDIT_HMAC_KEY_FILE AUDIT_KEYS_DIR AUTH_RATE_LIMIT_PER_MINUTE CITIZEN_DOCUMENT_MEGABYTES_MAX CITIZEN_LETTERS_PER_HOUR
      CITIZEN_MESSAGES_PER_HOUR CITIZEN_OPEN_CASES_MAX CITIZEN_UPLOADS_IN_FLIGHT CONNECTIONS_MAX CONNECTIONS_PER_ADDRESS
      CORS_ORIGINS DATABASE_MIGRATION_URL DATABASE_URL DOCUMENT_MAX_BYTES HOST JWT_SECRET LOGIN_ADDRESS_LIMIT
      LOGIN_DELAY_MAX_SECONDS LOGIN_LOCK_MINUTES LOGIN_LOCK_THRESHOLD LOG_LEVEL MAIL_FROM METRICS_TOKEN NODE_ENV OFFICE_NAME
      PAYMENT_ACCOUNT_NRB PAYMENT_RECIPIENT_NAME PAYMENT_RECIPIENT_NIP PORT PUBLIC_URL RECEIPT_KEYS_DIR RECEIPT_SIGNING_P12
      RECEIPT_SIGNING_P12_PASSWORD REQUEST_BODY_IDLE_SECONDS REQUEST_BODY_SECONDS SEED_DEMO SESSION_MINUTES SMTP_URL STAFF_2FA
      STAFF_IDLE_MINUTES TRUST_PROXY TWO_FACTOR_KEY TWO_FACTOR_KEY_FILE UPLOAD_BODY_SECONDS WEBAUTHN_RP_ID WEB_DIST
      WS_COMMANDS_PER_SECOND WS_COMMAND_BURST WS_COMMAND_QUEUE_MAX`.split(/\s+/);
    // Added since, each by one slice: a reply's email's quiet window (notifications, issue 35 point 9).
    const added = ['REPLY_EMAIL_DELAY_SECONDS'];
    expect([...CONFIG_VARIABLES].sort()).toEqual([...before, ...added].sort());
  });

  it('stops with one message listing every bad value, whichever module, plugin or server setting it belongs to', () => {
    const bad = {
      PORT: 'eighty', // the server's own
      STAFF_2FA: 'sometimes', // auth
      AUDIT_HMAC_KEY: 'short', // audit
      DOCUMENT_MAX_BYTES: '0', // cases
      SMTP_URL: 'mail.example.org', // notifications
      PAYMENT_ACCOUNT_NRB: '61109010140000071219812874', // obligations, without its recipient
      CITIZEN_OPEN_CASES_MAX: 'many', // quotas
      SESSION_MINUTES: '1', // sessions
      ADMIN_USERNAME: 'root', // users, without its password
      WS_COMMAND_BURST: 'lots', // the live-updates plugin
      METRICS_TOKEN: 'short', // the metrics plugin
      CONNECTIONS_PER_ADDRESS: '20', // the connection limits, above the total below
      CONNECTIONS_MAX: '10',
    };
    const problems = problemsOf(bad);
    for (const name of Object.keys(bad).filter((name) => name !== 'CONNECTIONS_MAX')) {
      expect(problems.filter((problem) => problem.includes(name)), name).toHaveLength(1);
    }
    expect(problems).toHaveLength(12);
    let message = '';
    try {
      loadConfig(bad);
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message.split('\n')).toEqual(['Invalid configuration:', ...problems.map((problem) => `  - ${problem}`)]);
  });

  it('still reads the other values around a bad one (a bad PORT does not hide a bad PUBLIC_URL)', () => {
    const problems = problemsOf({ PORT: '70000', PUBLIC_URL: 'ftp://portal.example.org', TWO_FACTOR_KEY: 'x' });
    expect(problems).toEqual([
      expect.stringContaining('PORT'),
      expect.stringContaining('PUBLIC_URL must be an http(s) address'),
      expect.stringContaining('TWO_FACTOR_KEY must be at least 32'),
    ]);
  });
});

describe('a module is given its own slice', () => {
  const seen: Record<string, unknown> = {};
  const probe = <const Name extends string>(name: Name) =>
    defineModule()({
      name,
      setup: (env) => {
        seen[name] = env.settings;
        seen[`${name} environment`] = Object.keys(env).sort();
        return {};
      },
    });

  it('sees the values of its own variables and what the composition derives for it, and nothing of another module', async () => {
    const config = loadConfig({
      CITIZEN_LETTERS_PER_HOUR: '3',
      UPLOAD_BODY_SECONDS: '120',
      PAYMENT_ACCOUNT_NRB: '61109010140000071219812874',
      PAYMENT_RECIPIENT_NAME: 'Urząd Miasta Testowo',
      OFFICE_NAME: 'Urząd Miasta Testowo',
      SESSION_MINUTES: '30',
      STAFF_IDLE_MINUTES: '10',
      AUDIT_KEYS_DIR: '/etc/portal/keys',
    });
    const list = ModuleList.empty().add(probe('quotas')).add(probe('obligations')).add(probe('sessions')).add(probe('auth')).add(probe('weather'));
    await setUpModules(list, { sessionKey: 'k' } as SharedEnvironment, moduleSettings(config));

    expect(seen.quotas).toEqual({
      citizenQuotas: { openCases: 100, documentBytes: 2048 * 1024 * 1024, uploadsInFlight: 4, lettersPerHour: 3, messagesPerHour: 600 },
      // The upload's body deadline (a plugin's setting) and a minute: derived for it, not read by it.
      uploadWindowMs: 180_000,
    });
    expect(seen.obligations).toEqual({ paymentAccount: { nrb: '61109010140000071219812874', recipientName: 'Urząd Miasta Testowo', nip: null } });
    expect(seen.sessions).toEqual({ lifetimeMinutes: 30, staffIdleMinutes: 10 });
    expect(Object.keys(seen.auth as object).sort()).toEqual(['authRateLimitPerMinute', 'loginThrottle', 'twoFactor', 'twoFactorIssuer', 'twoFactorKeyFile']);
    expect(seen.auth).toMatchObject({ twoFactorIssuer: 'Urząd Miasta Testowo', twoFactorKeyFile: '/etc/portal/keys/portal.db.two-factor.key' });
    // A module without settings is given none; no module is handed the whole configuration.
    expect(seen.weather).toBeUndefined();
    expect(seen['quotas environment']).toEqual(['sessionKey', 'settings']);
  });

  it('cannot name another module\u2019s settings (the compiler refuses it)', () => {
    defineModule()({
      name: 'quotas',
      setup: ({ settings }) => {
        // @ts-expect-error the mail settings are the notifications module's
        void settings.mail;
        // @ts-expect-error the body deadlines are a plugin's
        void settings.bodyDeadlines;
        return {};
      },
    });
  });
});
