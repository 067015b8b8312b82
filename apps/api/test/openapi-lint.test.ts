import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';

/**
 * The OpenAPI document at GET /api/docs against Redocly's linter (its recommended rules, run
 * offline), and the parts of it a client generator trusts: who may call each operation, what the
 * export returns and which bodies are optional. The document is built the same on both engines.
 */

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}

const run = promisify(execFile);
const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const folder = mkdtempSync(join(tmpdir(), 'portal-openapi-lint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `redocly lint` on the document; its problems (the JSON report), whatever its exit code. */
async function lint(document: unknown): Promise<LintProblem[]> {
  const file = join(folder, `openapi-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(document));
  const result = await run(process.execPath, [redoclyCli, 'lint', file, '--format=json'], {
    cwd: folder,
    // No telemetry, no update check: CI has no network beyond the package registries.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
    maxBuffer: 32 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(result.stdout) as { problems: LintProblem[] }).problems;
}

describeEachEngine('the OpenAPI document', (engine) => {
  const ctx = useTestApp(engine);
  let document: OpenApiDocument;

  beforeAll(async () => {
    const response = await ctx.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });

  it('has no error under `redocly lint`', async () => {
    const errors = (await lint(document)).filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId} at ${problem.location?.[0]?.pointer ?? '?'}: ${problem.message}`)).toEqual([]);
  }, 60_000);

  it('declares the public operations open to anyone and the others behind a bearer token or the session cookie', () => {
    const signedIn = [{ bearer: [] }, { cookie: [] }];
    expect(document.paths['/login']?.post?.security).toEqual([]);
    expect(document.paths['/register']?.post?.security).toEqual([]);
    expect(document.paths['/login/second-factor']?.post?.security).toEqual([]);
    expect(document.paths['/api/conversations']?.get?.security).toEqual(signedIn);
    expect(document.paths['/api/users/me']?.get?.security).toEqual(signedIn);
    expect(document.paths['/api/two-factor']?.get?.security).toEqual(signedIn);
    expect(document.paths['/api/users/employees']?.get?.security).toEqual(signedIn);
    expect(document.paths['/logout']?.post?.security).toEqual(signedIn);
  });

  it('describes the own-data export as a ZIP file', () => {
    const responses = document.paths['/api/my-data/export']?.get?.responses;
    expect(Object.keys(responses?.['200']?.content ?? {})).toEqual(['application/zip']);
  });

  it('does not require a body on the case status change, which the spec sends without one', () => {
    const operation = document.paths['/api/case-resolution/{id}/update-status/{status}']?.put;
    expect(operation?.responses['200']).toBeDefined();
    expect(operation?.requestBody?.required).not.toBe(true);
  });
});
