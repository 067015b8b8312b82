import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from './database.js';

/** What every seed step gets; a module's step reaches its own repository and services by closure. */
export interface SeedContext {
  db: Db;
  config: Config;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * One piece of start-up data, owned by a module (its `seedSteps` in modules/<domain>/index.ts).
 * Steps run on every start in module order, so each must be idempotent (look before it writes),
 * and a module's demo data may rely on the demo users of the users module listed before it.
 */
export interface SeedStep {
  name: string;
  enabled(config: Config): boolean;
  run(ctx: SeedContext): Promise<void>;
}

/** Runs the enabled steps one after another. */
export async function runSeed(ctx: SeedContext, steps: readonly SeedStep[]): Promise<void> {
  for (const step of steps) {
    if (step.enabled(ctx.config)) await step.run(ctx);
  }
}
