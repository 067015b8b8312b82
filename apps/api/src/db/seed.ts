import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.js';

/**
 * The seeding's own slice of the configuration: whether demo data is wanted (SEED_DEMO). A step's
 * other settings are its module's slice, which its module hands it when it builds the step.
 */
export interface SeedSettings {
  seedDemo: boolean;
}

/** What every seed step gets; a module's step reaches its own repository and services by closure. */
export interface SeedContext {
  db: Db;
  config: SeedSettings;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * One piece of start-up data, owned by a module (its `seedSteps` in modules/<domain>/index.ts).
 * Steps run on every start in module order, so each must be idempotent (look before it writes),
 * and a module's demo data may rely on the demo users of the users module listed before it.
 */
export interface SeedStep {
  name: string;
  enabled(config: SeedSettings): boolean;
  run(ctx: SeedContext): Promise<void>;
}

/** Runs the enabled steps one after another. */
export async function runSeed(ctx: SeedContext, steps: readonly SeedStep[]): Promise<void> {
  for (const step of steps) {
    if (step.enabled(ctx.config)) await step.run(ctx);
  }
}
