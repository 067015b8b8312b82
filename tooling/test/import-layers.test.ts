import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, boundaryProblems, expectAllowed, expectRefused, firstSource, root, sourcesIn, useLinters, web } from './import-plants.js';

// Issue 31: the API's layers, a module's internals, what benchmarks and browser tests may reach,
// and the contract's one dependency. Each rule is proved by a planted import it must refuse.

const linters = useLinters();
const RESTRICTED = 'import-x/no-restricted-paths';
const EXCEPT_TYPES = 'portal/no-restricted-paths-except-types';

describe('API: no import runs from a lower layer up to a higher one', () => {
  const plugin = firstSource(path.join(api, 'plugins'));
  const commandLimiter = path.join(api, 'plugins/realtime/command-limiter.ts');

  it('db/ may not import plugins/, access-policy.ts or app-module.ts, not even a type', async () => {
    for (const target of [plugin, path.join(api, 'access-policy.ts'), path.join(api, 'app-module.ts')]) {
      await expectRefused({ importer: path.join(api, 'db/planted.ts'), target, style: 'api' }, RESTRICTED);
      await expectRefused({ importer: path.join(api, 'db/migrations/planted.ts'), target, style: 'api', form: 'type' }, RESTRICTED);
    }
  });

  it('config.ts may not import a plugin (it once imported plugins/realtime/command-limiter.ts), nor db/ beyond its slice', async () => {
    await expectRefused({ importer: path.join(api, 'config.ts'), target: commandLimiter, style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(api, 'config.ts'), target: path.join(api, 'db/database.ts'), style: 'api' }, RESTRICTED);
    await expectAllowed({ importer: path.join(api, 'config.ts'), target: path.join(api, 'db/config.ts'), style: 'api' });
  });

  it('only the composition reads the whole configuration: db/, plugins/, app-module.ts and the modules take their own slice', async () => {
    for (const importer of ['db/planted.ts', 'plugins/planted.ts', 'app-module.ts', 'ports/planted.ts', 'modules/auth/two-factor/planted.ts']) {
      await expectRefused({ importer: path.join(api, importer), target: path.join(api, 'config.ts'), style: 'api', form: 'type' }, RESTRICTED);
    }
    await expectAllowed({ importer: path.join(api, 'server.ts'), target: path.join(api, 'config.ts'), style: 'api' });
    await expectAllowed({ importer: path.join(api, 'audit-adopt.ts'), target: path.join(api, 'config.ts'), style: 'api' });
  });

  it('config.ts composes the slices modules and plugins declare in their folders; a slice imports nothing above the config', async () => {
    for (const slice of ['modules/audit/config.ts', 'plugins/realtime/config.ts', 'plugins/connection-limits-config.ts']) {
      await expectAllowed({ importer: path.join(api, 'config.ts'), target: path.join(api, slice), style: 'api' });
    }
    await expectRefused({ importer: path.join(api, 'config.ts'), target: path.join(api, 'modules/audit/audit-key.ts'), style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(api, 'modules/audit/config.ts'), target: path.join(api, 'modules/audit/audit-key.ts'), style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(api, 'plugins/realtime/config.ts'), target: commandLimiter, style: 'api', form: 'type' }, RESTRICTED);
    await expectRefused({ importer: path.join(api, 'plugins/metrics-config.ts'), target: path.join(api, 'config.ts'), style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(api, 'modules/quotas/config.ts'), target: firstSource(path.join(api, 'db')), style: 'api' }, RESTRICTED);
    await expectAllowed({ importer: path.join(api, 'modules/quotas/config.ts'), target: path.join(api, 'config-kit.ts'), style: 'api' });
  });

  it('the access policy sits under the plugins, the plugins under app-module.ts, app-module.ts under the modules', async () => {
    await expectRefused({ importer: path.join(api, 'access-policy.ts'), target: plugin, style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(api, 'plugins/realtime/planted.ts'), target: path.join(api, 'app-module.ts'), style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(api, 'app-module.ts'), target: path.join(api, 'modules/users/index.ts'), style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(api, 'modules/users/planted.ts'), target: path.join(api, 'shutdown.ts'), style: 'api' }, RESTRICTED);
  });

  it('a layer may import the layers below it', async () => {
    await expectAllowed({ importer: path.join(api, 'db/planted.ts'), target: path.join(api, 'config-kit.ts'), style: 'api' });
    await expectAllowed({ importer: path.join(api, 'plugins/planted.ts'), target: path.join(api, 'access-policy.ts'), style: 'api' });
    await expectAllowed({ importer: path.join(api, 'modules/users/planted.ts'), target: path.join(api, 'app-module.ts'), style: 'api' });
  });

  it('the API source as it stands keeps every layer rule (config.ts and the quotas once broke them)', async () => {
    const slices = sourcesIn(api).filter((file) => /(\/|-)config\.ts$/.test(file));
    const files = [...sourcesIn(api).filter((file) => path.dirname(file) === api), ...sourcesIn(path.join(api, 'db')), ...slices];
    const results = await linters.eslint.lintFiles(files);
    const broken = results.flatMap((result) =>
      result.messages.filter((m) => m.ruleId === RESTRICTED || m.ruleId === EXCEPT_TYPES).map((m) => `${path.relative(root, result.filePath)}: ${m.message}`),
    );
    expect(broken).toEqual([]);
  });
});

describe('API: outside a module, only its index.ts', () => {
  const internals = path.join(api, 'modules/auth/attempt-counters.ts');

  it('a file beside server.ts may not import a module\u2019s internals (citizen-quotas.ts once imported modules/auth/attempt-counters.ts)', async () => {
    await expectRefused({ importer: path.join(api, 'planted.ts'), target: internals, style: 'api' }, EXCEPT_TYPES);
    await expectRefused({ importer: path.join(api, 'server.ts'), target: path.join(api, 'modules/users/repository.ts'), style: 'api' }, EXCEPT_TYPES);
  });

  it('it may import the module\u2019s index.ts, and types from anywhere in it', async () => {
    await expectAllowed({ importer: path.join(api, 'planted.ts'), target: path.join(api, 'modules/auth/index.ts'), style: 'api' });
    await expectAllowed({ importer: path.join(api, 'planted.ts'), target: internals, style: 'api', form: 'type' });
  });
});

describe('e2e/ and bench/ reach the apps through the contract or a declared entry', () => {
  const internals = path.join(api, 'modules/auth/attempt-counters.ts');

  it('e2e/ may not import API or web source', async () => {
    await expectRefused({ importer: path.join(root, 'e2e/specs/planted.ts'), target: path.join(api, 'server.ts'), style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(root, 'e2e/support/planted.ts'), target: internals, style: 'api', form: 'type' }, RESTRICTED);
    await expectRefused({ importer: path.join(root, 'e2e/planted.ts'), target: firstSource(path.join(web, 'lib')), style: 'api' }, RESTRICTED);
  });

  it('bench/ may not import an API file that is not a declared entry, nor web source', async () => {
    await expectRefused({ importer: path.join(root, 'bench/planted/run.ts'), target: internals, style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(root, 'bench/harness/planted.ts'), target: path.join(api, 'access-policy.ts'), style: 'api' }, RESTRICTED);
    await expectRefused({ importer: path.join(root, 'bench/planted.ts'), target: firstSource(path.join(web, 'lib')), style: 'api' }, RESTRICTED);
  });

  it('bench/ may import the server, the config and a module\u2019s index.ts; both may import the contract', async () => {
    await expectAllowed({ importer: path.join(root, 'bench/planted/run.ts'), target: path.join(api, 'server.ts'), style: 'api' });
    await expectAllowed({ importer: path.join(root, 'bench/planted/run.ts'), target: path.join(api, 'config.ts'), style: 'api' });
    await expectAllowed({ importer: path.join(root, 'bench/planted/run.ts'), target: path.join(api, 'modules/users/index.ts'), style: 'api' });
    for (const importer of ['e2e/specs/planted.ts', 'bench/planted.ts']) {
      expect(await boundaryProblems(path.join(root, importer), `import { ROLES } from '@portal/contract';\nexport const keep = ROLES;\n`)).toEqual([]);
    }
  });
});

describe('the contract depends on zod alone', () => {
  const importer = path.join(root, 'packages/contract/src/planted.ts');

  it('refuses any other package', async () => {
    for (const code of [
      `import { PDFDocument } from 'pdf-lib';\nexport const keep = PDFDocument;\n`,
      `import type { FastifyInstance } from 'fastify';\nexport type Keep = FastifyInstance;\n`,
      `export { z } from 'zod-mini-lookalike';\n`,
    ]) {
      const problems = await boundaryProblems(importer, code);
      expect(problems.map((p) => p.ruleId), code).toEqual(['no-restricted-imports']);
      expect(problems[0]?.severity).toBe(2);
    }
  });

  it('allows zod/mini, zod\u2019s core types and its own files', async () => {
    const code = `import { z } from 'zod/mini';\nimport type { $ZodType } from 'zod/v4/core';\nimport { ROLES } from './index.js';\nimport { ROLE_LABELS } from '../src/index.js';\nexport const keep = [z, ROLES, ROLE_LABELS];\nexport type Keep = $ZodType;\n`;
    expect(await boundaryProblems(importer, code)).toEqual([]);
  });
});
