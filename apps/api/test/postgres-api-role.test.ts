import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { removeTestAuditFolder, testConfig } from './helpers/app.js';
import { ADMIN_DATABASE_URL, engines } from './helpers/engines.js';
import { createAdmin, createEmployee } from './helpers/factories.js';
import { call } from './helpers/letters.js';

// Issue 17 section 5: on PostgreSQL the API can run as a role that owns nothing, with only INSERT
// and SELECT on audit_log, while migrations run as the owner (DATABASE_MIGRATION_URL).
const postgres = engines.find((engine) => engine.name === 'postgres');

async function asAdmin(statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgres?.available)('the API as a PostgreSQL role that owns nothing [postgres]', () => {
  const tag = randomBytes(4).toString('hex');
  const [database, owner, api] = [`portal_test_roles_${tag}`, `portal_owner_${tag}`, `portal_api_${tag}`];
  const urlAs = (role: string) => {
    const url = new URL(ADMIN_DATABASE_URL);
    url.username = role;
    url.password = '';
    url.pathname = `/${database}`;
    return url.toString();
  };
  let config: Config;
  let app: FastifyInstance;
  let apiClient: pg.Client;

  beforeAll(async () => {
    await asAdmin([
      `create role ${owner} login`,
      `create role ${api} login`,
      `create database ${database} owner ${owner}`,
      `revoke all on database ${database} from public`,
      `grant connect on database ${database} to ${api}`,
    ]);
    config = testConfig({ engine: 'postgres', url: urlAs(api), migrationUrl: urlAs(owner) });
    app = await buildServer(config);
    apiClient = new pg.Client({ connectionString: urlAs(api) });
    await apiClient.connect();
  });

  afterAll(async () => {
    await apiClient?.end();
    await app?.close();
    await asAdmin([`drop database if exists ${database} with (force)`, `drop role if exists ${api}`, `drop role if exists ${owner}`]);
    if (config) removeTestAuditFolder(config.audit);
  });

  it('connects as the API role, which owns no table', async () => {
    const { rows } = await apiClient.query<{ user: string; owned: string }>(
      `select current_user as user, (select count(*) from pg_tables where schemaname = 'public' and tableowner = current_user) as owned`,
    );
    expect(rows[0]).toEqual({ user: api, owned: '0' });
  });

  it('serves staff actions, which write their audit rows, and verifies the chain', async () => {
    const admin = await createAdmin(app);
    const { user } = await createEmployee(app);
    expect((await call(app, admin, 'PUT', `/api/users/deactivate/${user.id}`)).statusCode).toBe(200);
    expect((await call(app, admin, 'PUT', `/api/users/activate/${user.id}`)).statusCode).toBe(200);
    const verdict = await call(app, admin, 'GET', '/api/audit/verify');
    expect(verdict.json()).toMatchObject({ intact: true, checked: 2 });
    const listed = await call(app, admin, 'GET', '/api/audit');
    expect(listed.json()).toMatchObject({ total: 2 });
  });

  it.each([
    ['UPDATE', `update audit_log set after_json = '{}'`],
    ['DELETE', 'delete from audit_log'],
    ['TRUNCATE', 'truncate audit_log'],
    ['session_replication_role', 'set session_replication_role = replica'],
    ['disabling the triggers', 'alter table audit_log disable trigger all'],
    ['dropping a trigger', 'drop trigger audit_log_append_only on audit_log'],
  ])('refuses the API role %s on audit_log', async (_, statement) => {
    await expect(apiClient.query(statement)).rejects.toThrow(/permission denied|must be owner/);
  });

  // Issue 34 point 1: a row below the chain was listed as genuine while verify answered intact.
  it.each([0, -1])('refuses the API role an audit row outside the chain (id %i), with or without OVERRIDING SYSTEM VALUE', async (id) => {
    const { rows } = await apiClient.query<{ id: number }>('select id from users order by id limit 1');
    const values = [id, '2026-11-20T09:00:00.000Z', rows[0]?.id, 'employee.deactivate', 'user', '7', '0'.repeat(64), 'f'.repeat(64)];
    const insert = (overriding: string) =>
      apiClient.query(
        `insert into audit_log (id, occurred_at, actor_id, action, entity_type, entity_id, prev_hash, hash) ${overriding} values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        values,
      );
    await expect(insert('overriding system value')).rejects.toThrow(/violates check constraint "audit_log_id_in_chain"/);
    await expect(insert('')).rejects.toThrow(/cannot insert a non-DEFAULT value into column "id"/);
    const { rows: outside } = await apiClient.query('select id from audit_log where id <= 0');
    expect(outside).toEqual([]);
  });

  it('is ready (/readyz reads the applied migrations) but cannot change the migrations\' bookkeeping', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    await expect(apiClient.query(`delete from kysely_migration`)).rejects.toThrow(/permission denied/);
    await expect(apiClient.query(`update kysely_migration_lock set is_locked = 1`)).rejects.toThrow(/permission denied/);
  });

  it('lets the API role search with casefold(), which the owner created (staff search boxes)', async () => {
    const { rows } = await apiClient.query<{ folded: string }>(`select casefold('ŁUKASZ ŻAK') as folded`);
    expect(rows[0]?.folded).toBe('łukasz żak');
  });

  it('still lets the API role insert and read audit rows', async () => {
    const { rows } = await apiClient.query<{ n: string }>('select count(*) as n from audit_log');
    expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(2);
  });
});
