import { defineModule } from '../../app-module.js';
import { fillPerformanceSamples } from '../../db/migrations/0065-performance-samples.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuthPort } from '../../ports/auth.js';
import type { PerformanceLettersPort, PerformanceOpenPort } from '../../ports/performance.js';
import { performanceRoutes } from './routes.js';
import { createPerformanceSamples } from './samples.js';
import { createPerformanceService, type PerformanceService } from './service.js';

export type { PerformanceService };

export interface PerformanceModuleOptions {
  /** The clock the weeks, the public span and "overdue now" are counted from (tests set it). */
  now?: () => Date;
}

/**
 * The office's performance (issue 33 points 8 and 9): the admins' dashboard and the public page's
 * open data. Its own table (performance_samples) hears the letters' and cases' events in each
 * change's transaction; the letters and cases services count what is open now.
 */
export const performanceModule = (options: PerformanceModuleOptions = {}) =>
  defineModule<{ auth: AuthPort; letters: PerformanceLettersPort; cases: PerformanceOpenPort }>()({
    name: 'performance',
    setup({ db, events }, { auth, letters, cases }) {
      const samples = createPerformanceSamples(db);
      events.subscribeInTransaction('performance', (trx, event) => samples.hear(trx, event));
      const performance = createPerformanceService({ letters, cases, samples, now: options.now ?? (() => new Date()) });
      return {
        service: performance,
        // The demo letters and cases are written by their modules' seed steps, which emit no events:
        // their rows are made from their columns, as the migration made those of the matters before it.
        seedSteps: [{ name: 'demo performance samples', enabled: (config) => config.seedDemo, run: ({ db: seeded }) => fillPerformanceSamples(seeded) }],
        async register(app) {
          await app.register(named(performanceRoutes), { performance, rateLimit: auth.publicRateLimit('public-performance') });
        },
      };
    },
  });
