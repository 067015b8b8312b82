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

/** Files of `dir` (none when it does not exist yet). */
function filesIn(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * The configuration slices (config-kit.ts), relative to the API's source: `modules/<name>/config.ts`,
 * `plugins/<name>/config.ts` and `plugins/<name>-config.ts`. They sit at the config's layer wherever
 * their folder is: config.ts composes them, and they import nothing above it.
 */
function configSlices(api) {
  const inFolders = (folder) => foldersIn(path.join(api, folder)).filter((name) => filesIn(path.join(api, folder, name)).includes('config.ts')).map((name) => `${folder}/${name}/config.ts`);
  const besidePlugins = filesIn(path.join(api, 'plugins')).filter((name) => name.endsWith('-config.ts')).map((name) => `plugins/${name}`);
  const database = filesIn(path.join(api, 'db')).includes('config.ts') ? ['db/config.ts'] : [];
  return [...database, ...inFolders('modules'), ...inFolders('plugins'), ...besidePlugins];
}

/**
 * The API's layers, lowest first: a file may import its own layer and those below, never one above
 * (db/ no plugin or policy, plugins no module, a module not the whole configuration, ...). Each is a file or folder.
 */
const API_LAYERS = [
  ['config-kit.ts', 'paths.ts'],
  ['db'],
  ['access-policy.ts'],
  ['plugins'],
  ['app-module.ts', 'ports'],
  ['modules'],
  // config.ts composes the slices of the layers below; only the composition above reads it whole.
  ['config.ts'],
  ['server.ts', 'shutdown.ts'],
  ['main.ts', 'audit-adopt.ts'],
];

/** What config.ts composes, besides the slices (files named config.ts or *-config.ts) of the layers below. */
const CONFIG_HELPERS = ['config-kit.ts', 'paths.ts', 'key-file.ts'];

/**
 * What benchmarks may import from the API's source besides the contract: the server and its
 * config, the database handle, and the modules' index.ts; plus the components a benchmark times
 * on their own, each declared here (a new one is a reviewed change of this list).
 */
const BENCH_ENTRIES = [
  'server.ts',
  'config.ts',
  'db/database.ts',
  'db/portable.ts',
  'plugins/auth/index.ts',
  // bench/audit times the chain's writer and checkpoints without a server.
  'modules/audit/checkpoints.ts',
  'modules/audit/repository.ts',
  'modules/audit/service.ts',
  // bench/chat, chat-history, scale and documents seed accounts and conversations in bulk.
  'modules/users/repository.ts',
  'modules/users/search-index.ts',
  'modules/letters/repository.ts',
  'modules/letters/service.ts',
  // bench/scale writes each matter's stored due date from the modules' one composition of the clock,
  // and opens SQLite for its bulk load with the addon the API loads.
  'modules/letters/due-date.ts',
  'modules/cases/due-date.ts',
  'db/sqlite-addon.ts',
  // ... and fills the dashboard's rows from the seeded matters as the migration does.
  'db/migrations/0065-performance-samples.ts',
  // ... and sign their tokens with a session row behind each, as a sign-in would.
  'modules/sessions/direct-token.ts',
  // bench/notifications drives the outbox and its worker directly.
  'modules/notifications/repository.ts',
  'modules/notifications/service.ts',
  'modules/notifications/unsubscribe-token.ts',
  // ... and drives it through the portal's events, as a change would.
  'modules/notifications/subscriber.ts',
  'plugins/events.ts',
  // bench/receipts times laying out and signing one receipt.
  'modules/receipts/pdf.ts',
  'modules/receipts/signing-key.ts',
  'modules/receipts/wording.ts',
];

const classicZod = ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
  name,
  message: `The contract and the web use zod/mini (its functions, e.g. z.optional(x), x.check(z.maxLength(n))), not classic '${name}'.`,
}));

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
  const slices = configSlices(path.join(root, api));
  const slicesUnder = (folder) => slices.filter((file) => file.startsWith(`${folder}/`)).map((file) => `./${file.slice(folder.length + 1)}`);

  const layerZones = [
    ...API_LAYERS.flatMap((layer, index) =>
      layer.flatMap((lower) =>
        API_LAYERS.slice(index + 1)
          .flat()
          .map((higher) => ({
            target: `${api}/${lower}`,
            from: `${api}/${higher}`,
            message: `In the API no import runs up a layer (${API_LAYERS.map((names) => names.join(' ')).join(' < ')}): ${lower} may not import ${higher}.`,
          })),
      ),
    ),
    // Above the modules, config.ts could import any of them: it may take only their slices.
    ...API_LAYERS.slice(0, API_LAYERS.findIndex((layer) => layer.includes('config.ts')))
      .flat()
      .filter((name) => !CONFIG_HELPERS.includes(name))
      .map((below) => ({
        target: `${api}/config.ts`,
        from: `${api}/${below}`,
        ...(slicesUnder(below).length > 0 && { except: slicesUnder(below) }),
        message: `config.ts composes the configuration slices (files named config.ts or *-config.ts): it imports nothing else of ${below}.`,
      })),
    ...API_LAYERS.flat()
      .filter((name) => name !== 'paths.ts' && name !== 'config-kit.ts')
      .map((from) => ({
        target: slices.map((file) => `${api}/${file}`),
        from: `${api}/${from}`,
        message: 'A configuration slice sits at the config\u2019s layer: it imports config-kit.ts, paths.ts, the contract and zod, nothing of its module.',
      })),
    ...['bench', 'e2e'].flatMap((folder) => [
      {
        target: folder,
        from: api,
        except: folder === 'bench' ? [...BENCH_ENTRIES, ...modules.map((name) => `modules/${name}/index.ts`)] : [],
        message: `${folder}/ reaches the API through the contract or a declared entry (BENCH_ENTRIES in tooling/eslint/import-boundaries.js).`,
      },
      { target: folder, from: web, message: `${folder}/ drives the web through a browser: it imports no web source.` },
    ]),
    { target: `${web}/lib`, from: `${web}/features`, message: 'lib/ is shared by every feature: it imports no feature.' },
    { target: `${web}/lib`, from: `${web}/app`, message: 'lib/ imports nothing from app/.' },
    { target: `${web}/features`, from: `${web}/app`, message: 'A feature imports nothing from app/.' },
    ...pairs(features).map(([target, from]) => ({
      target: `${web}/features/${target}`,
      from: `${web}/features/${from}`,
      message: 'A feature imports no other feature: move what both need to lib/.',
    })),
    // The modules stand side by side: what one needs of another is declared in ports/ (only the
    // methods it calls), the other's service satisfies it, and server.ts wires them.
    ...pairs(modules).map(([target, from]) => ({
      target: `${api}/modules/${target}`,
      from: `${api}/modules/${from}`,
      message: 'A module imports no other module, not even a type: declare what it needs of the other in src/ports/ (server.ts hands the service over).',
    })),
    { target: `${api}/plugins`, from: `${api}/modules`, message: 'plugins/ are cross-cutting: they import no module.' },
    { target: `${api}/db`, from: `${api}/modules`, message: 'db/ knows only the seed-step interface: it imports no module.' },
    { target: 'packages/contract', from: 'apps', message: 'The contract imports nothing from the apps.' },
    { target: 'apps/web', from: 'apps/api', message: 'The web talks to the API over HTTP: it imports no API source (share through the contract).' },
    { target: 'apps/api', from: 'apps/web', message: 'The API imports no web source (share through the contract).' },
    { target: `${api}/db`, from: `${api}/server.ts`, message: 'db/ sits under the server: it imports nothing from server.ts.' },
    { target: `${api}/plugins`, from: `${api}/server.ts`, message: 'plugins/ sit under the server: they import nothing from server.ts.' },
  ];

  const moduleZones = [
    // server.ts, main.ts and any file beside them: a module is its index.ts.
    ...modules.map((name) => ({
      target: `${api}/*.ts`,
      from: `${api}/modules/${name}`,
      // config.ts composes the module's configuration slice.
      except: ['./index.ts', './config.ts'],
      message: `Outside a module, use it through its index.ts, never its internals; type-only imports are fine.`,
    })),
  ];

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
      rules: { 'no-restricted-imports': ['error', { paths: classicZod }] },
    },
    {
      // Every client installs the contract: its source depends on zod and nothing else (tests may use their runner).
      files: ['packages/contract/src/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: classicZod,
            patterns: [{ regex: '^(?!zod(/|$)|\\.{1,2}/)', message: 'The contract imports no package but zod (zod/mini): every client installs it.' }],
          },
        ],
      },
    },
  ];
}
