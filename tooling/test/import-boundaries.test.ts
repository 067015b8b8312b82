import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Plants imports in the real folders and lints them with the real eslint.config.js, so the import
// rules cannot silently switch off again (they did once: with no resolver, every import passed).
// Targets are real files found in the tree, so the test follows the tree as it grows.

const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'apps/web/src');
const api = path.join(root, 'apps/api/src');
const BOUNDARY_RULES = new Set([
  'import-x/no-restricted-paths',
  'portal/no-restricted-paths-except-types',
  'portal/no-cycle',
  'import-x/no-nodejs-modules',
  'no-restricted-imports',
]);

let eslint: ESLint;
let eslintWithoutIgnores: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
  // The planted cycles live in a folder the normal lint ignores.
  eslintWithoutIgnores = new ESLint({ cwd: root, ignore: false });
});

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name);

/** Source files under `dir`, sorted, nearest first. */
function sourcesIn(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const files = entries.filter((e) => e.isFile() && isSource(e.name)).map((e) => path.join(dir, e.name));
  const nested = entries.filter((e) => e.isDirectory()).flatMap((e) => sourcesIn(path.join(dir, e.name)));
  return [...files, ...nested];
}

function firstSource(dir: string): string {
  const file = sourcesIn(dir)[0];
  if (!file) throw new Error(`no source file to plant an import of under ${path.relative(root, dir)}`);
  return file;
}

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** The specifier a file in `fromDir` would write: `.js` for a `.ts` file on the API, none on the web. */
function specifier(fromDir: string, target: string, style: 'api' | 'web'): string {
  let relative = path.relative(fromDir, target).split(path.sep).join('/');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  return style === 'api' ? relative.replace(/\.tsx?$/, '.js') : relative.replace(/\.tsx?$/, '');
}

async function boundaryProblems(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error('ESLint returned no result');
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`planted code did not parse: ${fatal[0]?.message}`);
  return result.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId));
}

interface Plant {
  /** The file that imports, inside the real folder whose rule is tested (it need not exist). */
  importer: string;
  target: string;
  style: 'api' | 'web';
  form?: 'value' | 'type' | 'inline-type' | 'type-reexport';
}

function plantedCode({ importer, target, style, form = 'value' }: Plant): string {
  const from = specifier(path.dirname(importer), target, style);
  switch (form) {
    case 'value':
      return `import * as planted from '${from}';\nexport const keep = planted;\n`;
    case 'type':
      return `import type * as planted from '${from}';\nexport type Keep = typeof planted;\n`;
    case 'inline-type':
      return `import { type Planted } from '${from}';\nexport type Keep = Planted;\n`;
    case 'type-reexport':
      return `export type { Planted } from '${from}';\n`;
  }
}

async function expectRefused(plant: Plant, rule: string) {
  const problems = await boundaryProblems(plant.importer, plantedCode(plant));
  const label = `${path.relative(root, plant.importer)} -> ${path.relative(root, plant.target)}`;
  expect(problems.map((p) => p.ruleId), `${label} must be refused`).toContain(rule);
  // An error, so `npm run lint` fails on it; a warning would only be printed.
  expect(problems.every((p) => p.severity === 2), label).toBe(true);
}

async function expectAllowed(plant: Plant) {
  const problems = await boundaryProblems(plant.importer, plantedCode(plant));
  const label = `${path.relative(root, plant.importer)} -> ${path.relative(root, plant.target)} (${plant.form ?? 'value'})`;
  expect(problems.map((p) => `${p.ruleId}: ${p.message}`), `${label} must be allowed`).toEqual([]);
}

describe('web: lib -> features -> app, features apart', () => {
  const features = folders(path.join(web, 'features'));
  const [featureA, featureB] = features;
  if (!featureA || !featureB) throw new Error('the web needs two features for these plants');
  const featureFile = firstSource(path.join(web, 'features', featureB));
  const appFile = firstSource(path.join(web, 'app'));
  const libFile = firstSource(path.join(web, 'lib'));

  it('lib/ may not import a feature', async () => {
    await expectRefused({ importer: path.join(web, 'lib/planted.ts'), target: featureFile, style: 'web' }, 'import-x/no-restricted-paths');
  });

  it('lib/ may not import app/, not even a type', async () => {
    await expectRefused({ importer: path.join(web, 'lib/ui/planted.tsx'), target: appFile, style: 'web' }, 'import-x/no-restricted-paths');
    await expectRefused({ importer: path.join(web, 'lib/planted.ts'), target: appFile, style: 'web', form: 'type' }, 'import-x/no-restricted-paths');
  });

  it('a feature may not import app/', async () => {
    await expectRefused({ importer: path.join(web, 'features', featureA, 'planted.tsx'), target: appFile, style: 'web' }, 'import-x/no-restricted-paths');
  });

  it('a feature may not import another feature, from any depth', async () => {
    await expectRefused({ importer: path.join(web, 'features', featureA, 'planted.ts'), target: featureFile, style: 'web' }, 'import-x/no-restricted-paths');
    await expectRefused(
      { importer: path.join(web, 'features', featureA, 'components/planted.tsx'), target: featureFile, style: 'web' },
      'import-x/no-restricted-paths',
    );
  });

  it('features and app may use lib/, a feature its own files', async () => {
    await expectAllowed({ importer: path.join(web, 'features', featureA, 'planted.tsx'), target: libFile, style: 'web' });
    await expectAllowed({ importer: path.join(web, 'app/planted.tsx'), target: libFile, style: 'web' });
    await expectAllowed({ importer: path.join(web, 'app/planted.tsx'), target: featureFile, style: 'web' });
    await expectAllowed({ importer: path.join(web, 'features', featureB, 'pages/planted.tsx'), target: featureFile, style: 'web' });
  });
});

describe('API: plugins and db know no module; a module reaches another only through its service', () => {
  const modules = folders(path.join(api, 'modules'));
  const owner = modules.find((m) => sourcesIn(path.join(api, 'modules', m)).some((f) => f.endsWith('/repository.ts')));
  const user = modules.find((m) => m !== owner);
  if (!owner || !user) throw new Error('the API needs a module with a repository and one other module for these plants');
  const ownerDir = path.join(api, 'modules', owner);
  const repository = path.join(ownerDir, 'repository.ts');
  const service = path.join(ownerDir, 'service.ts');
  const moduleFile = firstSource(ownerDir);

  it('plugins/ may not import a module', async () => {
    await expectRefused({ importer: path.join(api, 'plugins/planted.ts'), target: moduleFile, style: 'api' }, 'import-x/no-restricted-paths');
    await expectRefused({ importer: path.join(api, 'plugins/auth/planted.ts'), target: service, style: 'api' }, 'import-x/no-restricted-paths');
  });

  it('db/ may not import a module', async () => {
    await expectRefused({ importer: path.join(api, 'db/planted.ts'), target: service, style: 'api' }, 'import-x/no-restricted-paths');
  });

  it(`a module may not import another module's repository (or any file but its service)`, async () => {
    const importer = path.join(api, 'modules', user, 'planted.ts');
    await expectRefused({ importer, target: repository, style: 'api' }, 'portal/no-restricted-paths-except-types');
    const other = sourcesIn(ownerDir).find((f) => !/\/(service|index)\.ts$/.test(f));
    if (other) await expectRefused({ importer, target: other, style: 'api' }, 'portal/no-restricted-paths-except-types');
  });

  it(`a module may use another module's service`, async () => {
    await expectAllowed({ importer: path.join(api, 'modules', user, 'planted.ts'), target: service, style: 'api' });
  });

  it(`a module may import types from anywhere in another module`, async () => {
    const importer = path.join(api, 'modules', user, 'planted.ts');
    for (const form of ['type', 'inline-type', 'type-reexport'] as const) {
      await expectAllowed({ importer, target: repository, style: 'api', form });
    }
  });

  it('a module may use its own files and shared plugins; server.ts may use every module', async () => {
    await expectAllowed({ importer: path.join(ownerDir, 'planted.ts'), target: repository, style: 'api' });
    await expectAllowed({ importer: path.join(ownerDir, 'planted.ts'), target: firstSource(path.join(api, 'plugins')), style: 'api' });
    await expectAllowed({ importer: path.join(api, 'planted.ts'), target: repository, style: 'api' });
  });
});

describe('the apps apart: they share only the contract', () => {
  const apiFile = path.join(api, 'config.ts');
  const webFile = firstSource(path.join(web, 'lib'));

  it('the web may not import API source, not even a type', async () => {
    await expectRefused({ importer: path.join(web, 'lib/planted.ts'), target: apiFile, style: 'web' }, 'import-x/no-restricted-paths');
    await expectRefused(
      { importer: path.join(web, 'features', folders(path.join(web, 'features'))[0] ?? '', 'planted.tsx'), target: apiFile, style: 'web', form: 'type' },
      'import-x/no-restricted-paths',
    );
  });

  it('the API may not import web source, not even a type', async () => {
    await expectRefused({ importer: path.join(api, 'plugins/planted.ts'), target: webFile, style: 'api' }, 'import-x/no-restricted-paths');
    await expectRefused({ importer: path.join(api, 'modules/planted/index.ts'), target: webFile, style: 'api', form: 'type' }, 'import-x/no-restricted-paths');
  });
});

describe('API: db/ and plugins/ sit under the server', () => {
  const server = path.join(api, 'server.ts');

  it('db/ may not import server.ts', async () => {
    await expectRefused({ importer: path.join(api, 'db/planted.ts'), target: server, style: 'api' }, 'import-x/no-restricted-paths');
    await expectRefused({ importer: path.join(api, 'db/migrations/planted.ts'), target: server, style: 'api', form: 'type' }, 'import-x/no-restricted-paths');
  });

  it('plugins/ may not import server.ts, from any depth', async () => {
    await expectRefused({ importer: path.join(api, 'plugins/planted.ts'), target: server, style: 'api' }, 'import-x/no-restricted-paths');
    await expectRefused({ importer: path.join(api, 'plugins/realtime/planted.ts'), target: server, style: 'api' }, 'import-x/no-restricted-paths');
  });

  it('main.ts may import server.ts', async () => {
    await expectAllowed({ importer: path.join(api, 'planted.ts'), target: server, style: 'api' });
  });
});

describe('contract', () => {
  it('imports no Node built-in: it runs in browsers too', async () => {
    const importer = path.join(root, 'packages/contract/src/planted.ts');
    for (const code of [
      `import { createHash } from 'node:crypto';\nexport const keep = createHash;\n`,
      `import { readFileSync } from 'fs';\nexport const keep = readFileSync;\n`,
    ]) {
      const problems = await boundaryProblems(importer, code);
      expect(problems.map((p) => p.ruleId), code).toContain('import-x/no-nodejs-modules');
      expect(problems.every((p) => p.severity === 2)).toBe(true);
    }
    // The web's code may import the contract, and the contract its own files and zod/mini.
    expect(await boundaryProblems(importer, `import { z } from 'zod/mini';\nimport { ROLES } from './index.js';\nexport const keep = [z, ROLES];\n`)).toEqual([]);
  });

  it('the contract and the web use zod/mini, never classic zod (it would ship whole to every first screen)', async () => {
    const importers = [
      path.join(root, 'packages/contract/src/planted.ts'),
      path.join(root, 'packages/contract/test/planted.test.ts'),
      path.join(web, 'lib/planted.ts'),
      path.join(web, 'features', folders(path.join(web, 'features'))[0]!, 'planted.tsx'),
    ];
    for (const importer of importers) {
      for (const code of [
        `import { z } from 'zod';\nexport const keep = z;\n`,
        `import * as z from 'zod/v4';\nexport const keep = z;\n`,
        `import type { ZodType } from 'zod';\nexport type Keep = ZodType;\n`,
      ]) {
        const problems = await boundaryProblems(importer, code);
        expect(problems.map((p) => p.ruleId), `${path.relative(root, importer)}: ${code}`).toEqual(['no-restricted-imports']);
        expect(problems[0]?.severity).toBe(2);
      }
      expect(await boundaryProblems(importer, `import { z } from 'zod/mini';\nexport const keep = z;\n`)).toEqual([]);
      expect(await boundaryProblems(importer, `import type { $ZodType } from 'zod/v4/core';\nexport type Keep = $ZodType;\n`)).toEqual([]);
    }
    // The API keeps classic zod for its own server-only schemas.
    expect(await boundaryProblems(path.join(api, 'planted.ts'), `import { z } from 'zod';\nexport const keep = z;\n`)).toEqual([]);
  });

  it('imports nothing from the apps', async () => {
    await expectRefused(
      { importer: path.join(root, 'packages/contract/src/planted.ts'), target: firstSource(api), style: 'api' },
      'import-x/no-restricted-paths',
    );
    await expectRefused(
      { importer: path.join(root, 'packages/contract/src/planted.ts'), target: firstSource(path.join(web, 'lib')), style: 'api' },
      'import-x/no-restricted-paths',
    );
  });
});

describe('no import cycles', () => {
  it.each([
    ['the API way (.js naming .ts)', 'cycle-api/first.ts'],
    ['the web way (no extension, .tsx)', 'cycle-web/first.tsx'],
    ['of type-only imports', 'cycle-types/first.ts'],
  ])('reports a planted two-file cycle written %s', async (_label, file) => {
    const [result] = await eslintWithoutIgnores.lintFiles([path.join(import.meta.dirname, 'fixtures', file)]);
    const cycles = result?.messages.filter((m) => m.ruleId === 'portal/no-cycle') ?? [];
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.severity).toBe(2);
  });

  it('names the way round a longer cycle: the import in the file between', async () => {
    const [result] = await eslintWithoutIgnores.lintFiles([path.join(import.meta.dirname, 'fixtures/cycle-three/first.ts')]);
    const cycles = result?.messages.filter((m) => m.ruleId === 'portal/no-cycle') ?? [];
    expect(cycles.map((m) => m.message)).toEqual(['Dependency cycle via "./third.js:2" (type-only imports count)']);
  });

  it('finds none through the API config (config.ts -> modules/auth -> db -> config.ts was one, of types)', async () => {
    const results = await eslint.lintFiles([path.join(api, 'config.ts'), path.join(api, 'modules/auth/login-throttle.ts'), path.join(api, 'db/database.ts')]);
    expect(results).toHaveLength(3);
    expect(results.flatMap((result) => result.messages.filter((m) => m.ruleId === 'portal/no-cycle'))).toEqual([]);
  });

  it('keeps the planted cycles out of the normal lint', async () => {
    expect(await eslint.isPathIgnored(path.join(import.meta.dirname, 'fixtures/cycle-api/first.ts'))).toBe(true);
  });
});
