import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * better-sqlite3's `nativeBinding` for the running Node. One install serves two Nodes: `npm install`
 * builds the addon for the machine's Node (what `npm start` runs on), and `npm test` runs on Node 24
 * with an addon built for it into build/node-<version>/ (scripts/node24.mjs; the same rule as
 * scripts/sqlite-addon.mjs). Without such a build, better-sqlite3 looks up its default one.
 */
export function sqliteAddonOptions(): { nativeBinding?: string } {
  const folder = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
  const file = join(folder, 'build', `node-${process.version}`, 'better_sqlite3.node');
  return existsSync(file) ? { nativeBinding: file } : {};
}
