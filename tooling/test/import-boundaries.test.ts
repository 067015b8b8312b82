import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, boundaryProblems, expectAllowed, expectRefused, firstSource, folders, root, sourcesIn, useLinters, web } from './import-plants.js';

const linters = useLinters();

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

describe('API: plugins and db know no module; the modules stand side by side, tied by ports', () => {
  const modules = folders(path.join(api, 'modules'));
  const owner = modules.find((m) => sourcesIn(path.join(api, 'modules', m)).some((f) => f.endsWith('/repository.ts')));
  const user = modules.find((m) => m !== owner);
  if (!owner || !user) throw new Error('the API needs a module with a repository and one other module for these plants');
  const ownerDir = path.join(api, 'modules', owner);
  const repository = path.join(ownerDir, 'repository.ts');
  const service = path.join(ownerDir, 'service.ts');
  const moduleFile = firstSource(ownerDir);
  const port = firstSource(path.join(api, 'ports'));

  it('plugins/ may not import a module', async () => {
    await expectRefused({ importer: path.join(api, 'plugins/planted.ts'), target: moduleFile, style: 'api' }, 'import-x/no-restricted-paths');
    await expectRefused({ importer: path.join(api, 'plugins/auth/planted.ts'), target: service, style: 'api' }, 'import-x/no-restricted-paths');
  });

  it('db/ may not import a module', async () => {
    await expectRefused({ importer: path.join(api, 'db/planted.ts'), target: service, style: 'api' }, 'import-x/no-restricted-paths');
  });

  it(`a module may not import another module's file, its service and index.ts included, from any depth`, async () => {
    for (const importer of [path.join(api, 'modules', user, 'planted.ts'), path.join(api, 'modules', user, 'sub/planted.ts')]) {
      for (const target of [repository, service, path.join(ownerDir, 'index.ts')]) {
        await expectRefused({ importer, target, style: 'api' }, 'import-x/no-restricted-paths');
      }
    }
  });

  it(`a module may not import even a type of another module`, async () => {
    const importer = path.join(api, 'modules', user, 'planted.ts');
    for (const form of ['type', 'inline-type', 'type-reexport'] as const) {
      for (const target of [repository, service]) await expectRefused({ importer, target, style: 'api', form }, 'import-x/no-restricted-paths');
    }
  });

  it('a module may use the ports; a port may not import a module', async () => {
    await expectAllowed({ importer: path.join(api, 'modules', user, 'planted.ts'), target: port, style: 'api', form: 'type' });
    await expectRefused({ importer: path.join(api, 'ports/planted.ts'), target: service, style: 'api', form: 'type' }, 'import-x/no-restricted-paths');
  });

  it('a module may use its own files and shared plugins; server.ts may use every module through its index.ts', async () => {
    await expectAllowed({ importer: path.join(ownerDir, 'planted.ts'), target: repository, style: 'api' });
    await expectAllowed({ importer: path.join(ownerDir, 'planted.ts'), target: firstSource(path.join(api, 'plugins')), style: 'api' });
    await expectAllowed({ importer: path.join(api, 'planted.ts'), target: path.join(ownerDir, 'index.ts'), style: 'api' });
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
    const [result] = await linters.eslintWithoutIgnores.lintFiles([path.join(import.meta.dirname, 'fixtures', file)]);
    const cycles = result?.messages.filter((m) => m.ruleId === 'portal/no-cycle') ?? [];
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.severity).toBe(2);
  });

  it('names the way round a longer cycle: the import in the file between', async () => {
    const [result] = await linters.eslintWithoutIgnores.lintFiles([path.join(import.meta.dirname, 'fixtures/cycle-three/first.ts')]);
    const cycles = result?.messages.filter((m) => m.ruleId === 'portal/no-cycle') ?? [];
    expect(cycles.map((m) => m.message)).toEqual(['Dependency cycle via "./third.js:2" (type-only imports count)']);
  });

  it('finds none through the API config (config.ts -> modules/auth -> db -> config.ts was one, of types)', async () => {
    const results = await linters.eslint.lintFiles([path.join(api, 'config.ts'), path.join(api, 'modules/auth/login-throttle.ts'), path.join(api, 'db/database.ts')]);
    expect(results).toHaveLength(3);
    expect(results.flatMap((result) => result.messages.filter((m) => m.ruleId === 'portal/no-cycle'))).toEqual([]);
  });

  it('keeps the planted cycles out of the normal lint', async () => {
    expect(await linters.eslint.isPathIgnored(path.join(import.meta.dirname, 'fixtures/cycle-api/first.ts'))).toBe(true);
  });
});
