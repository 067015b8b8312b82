// better-sqlite3's addon is built for one Node ABI. `npm install` builds it for the machine's Node
// (build/Release: what `npm start` runs on); scripts/node24.mjs builds one for Node 24, which runs
// `npm test`, into build/node-<version>/ beside it (by version, not ABI: the headers' patch release
// matters, see tooling/node24/README.md). Both live inside the package folder, so a new
// better-sqlite3 version drops them together. apps/api/src/db/sqlite-addon.ts reads the same place.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const betterSqliteFolder = () => dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));

/** Where the addon for Node `version` (`v24.18.1`) goes. */
export const sqliteAddonFile = (version = process.version) => join(betterSqliteFolder(), 'build', `node-${version}`, 'better_sqlite3.node');

/** better-sqlite3's `nativeBinding` option for the running Node: its own build when there is one, else the default lookup. */
export function sqliteAddonOptions() {
  const file = sqliteAddonFile();
  return existsSync(file) ? { nativeBinding: file } : {};
}
