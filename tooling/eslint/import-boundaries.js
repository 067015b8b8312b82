import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver } from 'eslint-plugin-import-x';
import noCycleWithTypes from './no-cycle-with-types.js';
import noRestrictedPathsExceptTypes from './no-restricted-paths-except-types.js';

/** Sub-folders of `dir` (none when it does not exist yet). */
function foldersIn(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** Every ordered pair of distinct folders: a zone per (importer, imported). */
function pairs(names) {
  return names.flatMap((target) => names.filter((from) => from !== target).map((from) => [target, from]));
}

/**
 * The one-way import rules of DESIGN.md, resolved the way TypeScript resolves our ESM: `.js`
 * specifiers name `.ts`/`.tsx` files, the web omits extensions, `@portal/contract` is a workspace
 * package. Features and modules are read from the tree, so a new one is covered without editing this.
 */
export function importBoundaries(root) {
  const web = 'apps/web/src';
  const api = 'apps/api/src';
  const features = foldersIn(path.join(root, web, 'features'));
  const modules = foldersIn(path.join(root, api, 'modules'));

  const layerZones = [
    { target: `${web}/lib`, from: `${web}/features`, message: 'lib/ is shared by every feature: it imports no feature.' },
    { target: `${web}/lib`, from: `${web}/app`, message: 'lib/ imports nothing from app/.' },
    { target: `${web}/features`, from: `${web}/app`, message: 'A feature imports nothing from app/.' },
    ...pairs(features).map(([target, from]) => ({
      target: `${web}/features/${target}`,
      from: `${web}/features/${from}`,
      message: 'A feature imports no other feature: move what both need to lib/.',
    })),
    { target: `${api}/plugins`, from: `${api}/modules`, message: 'plugins/ are cross-cutting: they import no module.' },
    { target: `${api}/db`, from: `${api}/modules`, message: 'db/ knows only the seed-step interface: it imports no module.' },
    { target: 'packages/contract', from: 'apps', message: 'The contract imports nothing from the apps.' },
    { target: 'apps/web', from: 'apps/api', message: 'The web talks to the API over HTTP: it imports no API source (share through the contract).' },
    { target: 'apps/api', from: 'apps/web', message: 'The API imports no web source (share through the contract).' },
    { target: `${api}/db`, from: `${api}/server.ts`, message: 'db/ sits under the server: it imports nothing from server.ts.' },
    { target: `${api}/plugins`, from: `${api}/server.ts`, message: 'plugins/ sit under the server: they import nothing from server.ts.' },
  ];

  const moduleZones = pairs(modules).map(([target, from]) => ({
    target: `${api}/modules/${target}`,
    from: `${api}/modules/${from}`,
    except: ['./service.ts', './index.ts'],
    message: `A module uses another only through its service (service.ts or index.ts); type-only imports are fine.`,
  }));

  return [
    {
      plugins: {
        portal: { rules: { 'no-restricted-paths-except-types': noRestrictedPathsExceptTypes, 'no-cycle': noCycleWithTypes } },
      },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
        'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
        'import-x/resolver-next': [
          createNodeResolver({
            extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.json', '.node'],
            extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'], '.cjs': ['.cts', '.cjs'] },
          }),
        ],
      },
      rules: {
        // import-x/no-cycle skips type-only imports; this one counts them (a cycle of types is a cycle).
        'portal/no-cycle': 'error',
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
        ...(moduleZones.length > 0 && {
          'portal/no-restricted-paths-except-types': ['error', { basePath: root, zones: moduleZones }],
        }),
      },
    },
    {
      // The contract runs in browsers too: no Node built-in (node:crypto, fs, ...) in its source.
      files: ['packages/contract/src/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: { 'import-x/no-nodejs-modules': 'error' },
    },
    {
      // Classic zod builds every schema type a browser might never use (~21 kB gzip on every first
      // screen); zod/mini is tree-shaken to what the schemas call. The API may use classic for its
      // own server-only schemas.
      files: ['packages/contract/**/*.{ts,tsx}', 'apps/web/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
              name,
              message: `The contract and the web use zod/mini (its functions, e.g. z.optional(x), x.check(z.maxLength(n))), not classic '${name}'.`,
            })),
          },
        ],
      },
    },
  ];
}
