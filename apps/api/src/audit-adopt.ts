// `npm run audit:adopt -w @portal/api` (after `npm run build`), with the API's environment: the
// operator's explicit decision to give an audit trail that has rows but no checkpoint file a new
// one (README, "Audit trail of staff actions"). The API never does this by itself.
import { ConfigError, loadConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { adoptAuditTrail } from './modules/audit/index.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = createDatabase(config.database);
  try {
    const { path, checkpoint, unkeyedRows } = await adoptAuditTrail(handle.db, config.audit);
    console.log(`Wrote ${path}: head ${String(checkpoint.id)}, keyed from row ${checkpoint.keyedFrom}.`);
    if (unkeyedRows > 0) {
      console.log(
        `${unkeyedRows} row(s) carry no MAC under this key and are now taken as written before it: only as good as their ` +
          'unkeyed hash, which anyone can recompute. Adopt only a trail you know predates the key.',
      );
    }
  } finally {
    await handle.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
