import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config.js';
import { createDatabase, type DatabaseHandle } from '../src/db/database.js';
import { buildServer } from '../src/server.js';
import { removeTestAuditFolder, testConfig } from './helpers/app.js';
import { addPdf, createVehicleCase, makePdf, setStatus } from './helpers/cases.js';
import { describeEachEngine, type TestDatabase, type TestEngine } from './helpers/engines.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { createLetter, takenConversation } from './helpers/letters.js';
import { createObligation } from './helpers/obligations.js';

/**
 * The backup drill: `npm run backup` of a running portal, `npm run restore` into a fresh
 * database, and a server on the restored database answers exactly as the original did. Each
 * engine's suite makes and drops its own two databases.
 */

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'portal-backup-drill-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function databaseUrlOf(config: DatabaseConfig): string {
  return config.engine === 'postgres' ? config.url : `sqlite:${config.file}`;
}

const packageScripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * What `npm run <script>` runs, as an operator runs it, on the database `config` names. The
 * command comes from package.json; node is started directly (npm itself costs a second a call).
 */
async function npmRun(script: 'backup' | 'restore', config: DatabaseConfig, args: string[]): Promise<string> {
  const [command, file, ...rest] = (packageScripts[script] ?? '').split(' ');
  expect(command).toBe('node');
  const { stdout } = await run(process.execPath, [file!, ...rest, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrlOf(config) },
  });
  return stdout;
}

/** A throw-away database; SQLite in a file, since an in-memory one cannot be backed up. */
async function freshDatabase(engine: TestEngine, name: string): Promise<TestDatabase> {
  if (engine.name === 'sqlite') return { config: { engine: 'sqlite', file: join(folder, `${name}.db`) }, drop: async () => undefined };
  return engine.create();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Snapshot {
  letters: unknown;
  caseDetails: unknown;
  pdfSha: string;
  pdfBase64: unknown;
  obligations: unknown;
  audit: unknown;
  /** The chain's state; the checkpoint beside it follows the head on its own clock, so it is left out. */
  verify: { intact: boolean; checked: number; head: unknown };
}

async function snapshot(app: FastifyInstance, who: { citizen: CreatedUser; admin: CreatedUser }, caseId: number, uuid: string): Promise<Snapshot> {
  const get = async (url: string, as: CreatedUser) => {
    const response = await app.inject({ url, headers: as.headers });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response;
  };
  return {
    letters: (await get(`/api/conversations/user/${who.citizen.user.id}`, who.citizen)).json(),
    caseDetails: (await get(`/api/case-resolution/details/${caseId}`, who.citizen)).json(),
    pdfSha: sha256((await get(`/api/documents/${uuid}/download`, who.citizen)).rawPayload),
    pdfBase64: (await get(`/api/documents/${uuid}`, who.citizen)).json(),
    obligations: (await get(`/api/financial-obligations/by-interest-id/${who.citizen.user.id}`, who.citizen)).json(),
    audit: (await get('/api/audit?size=100', who.admin)).json(),
    verify: (({ intact, checked, head }: Snapshot['verify']) => ({ intact, checked, head }))((await get('/api/audit/verify', who.admin)).json()),
  };
}

describeEachEngine('backup and restore drill', (engine) => {
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const databases: TestDatabase[] = [];
  let auditFolder: ReturnType<typeof testConfig>['audit'] | undefined;

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(handles.map((handle) => handle.destroy()));
    await Promise.all(databases.map((database) => database.drop()));
    if (auditFolder) removeTestAuditFolder(auditFolder);
  });

  it('restores letters, cases, PDFs (same bytes), obligations and a verifying audit chain into a fresh database', async () => {
    const source = await freshDatabase(engine, 'source');
    databases.push(source);
    const config = testConfig(source.config);
    auditFolder = config.audit;
    const handle = createDatabase(config.database);
    handles.push(handle);
    const app = await buildServer(config, { database: handle });
    apps.push(app);

    const citizen = await createCitizen(app);
    const employee = await createEmployee(app);
    const admin = await createAdmin(app);
    await createLetter(app, citizen, { subject: 'Pothole on Długa' });
    await takenConversation(app, citizen, employee);
    const created = await createVehicleCase(app, citizen);
    const pdf = await makePdf(`Backed-up certificate ${Date.now()}`);
    const document = await addPdf(app, citizen, created.id, pdf, 'dowód rejestracyjny.pdf');
    await setStatus(app, employee, created.id, 'IN_PROGRESS');
    await createObligation(app, employee, citizen);

    const before = await snapshot(app, { citizen, admin }, created.id, document.uuid);
    expect(before.pdfSha).toBe(sha256(pdf));
    expect(before.verify.intact).toBe(true);
    expect(before.verify.checked).toBeGreaterThanOrEqual(3);

    // Online: the source server keeps running while the backup is taken.
    const file = join(folder, engine.name === 'sqlite' ? 'drill.sqlite' : 'drill.pgdump');
    expect(await npmRun('backup', source.config, ['--out', file])).toContain(`Backed up the ${engine.name} database`);

    const target = await freshDatabase(engine, 'target');
    databases.push(target);
    expect(await npmRun('restore', target.config, [file])).toContain('Restored');

    // The same keys outside the database (audit key and checkpoint, receipt key), the restored database.
    const restoredHandle = createDatabase(target.config);
    handles.push(restoredHandle);
    const restored = await buildServer({ ...config, database: target.config }, { database: restoredHandle });
    apps.push(restored);

    expect((await restored.inject({ url: '/readyz' })).statusCode).toBe(200);
    // The JWT secret lives in the database: yesterday's sign-ins still hold.
    const after = await snapshot(restored, { citizen, admin }, created.id, document.uuid);
    expect(after).toEqual(before);
  }, 60_000);

  it('refuses to restore over a database that already has data (without --replace)', async () => {
    const [source] = databases;
    expect(source).toBeDefined();
    const file = join(folder, engine.name === 'sqlite' ? 'drill.sqlite' : 'drill.pgdump');
    const refused = engine.name === 'sqlite' ? /exists: restore into a new file, or pass --replace/ : /has \d+ tables: restore into a new database, or pass --replace/;
    await expect(npmRun('restore', source!.config, [file])).rejects.toThrow(refused);
  }, 30_000);
});
