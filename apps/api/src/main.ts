import { type Config, ConfigError, loadConfig } from './config.js';
import { demoLogins } from './modules/users/index.js';
import { hasWebApp } from './plugins/web-app.js';
import { buildServer } from './server.js';
import { stopOnSignals } from './shutdown.js';

function describeDatabase(config: Config): string {
  if (config.database.engine === 'postgres') {
    const url = new URL(config.database.url);
    return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
  }
  return `SQLite ${config.database.file}`;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }

  const app = await buildServer(config);
  stopOnSignals(app);
  const address = await app.listen({ port: config.port, host: config.host });

  const lines = [
    `City Service Portal API listening on ${address}`,
    `  database: ${describeDatabase(config)}`,
    `  web app:  ${hasWebApp(config.webDist) ? config.webDist : `not built (${config.webDist} missing) - API only`}`,
    `  OpenAPI:  ${address}/api/docs`,
  ];
  if (config.seedDemo) {
    lines.push('  demo logins (SEED_DEMO):');
    for (const login of demoLogins()) lines.push(`    ${login.role.padEnd(8)} ${login.username.padEnd(12)} ${login.password}`);
    if (config.nodeEnv === 'production') lines.push('  WARNING: demo accounts with published passwords exist in production');
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('API failed to start:', error);
  process.exit(1);
});
