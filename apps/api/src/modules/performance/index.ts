import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuthPort } from '../../ports/auth.js';
import type { PerformanceFiguresPort, PerformanceLettersPort } from '../../ports/performance.js';
import { performanceRoutes } from './routes.js';
import { createPerformanceService, type PerformanceService } from './service.js';

export type { PerformanceService };

export interface PerformanceModuleOptions {
  /** The clock the weeks, the public span and "overdue now" are counted from (tests set it). */
  now?: () => Date;
}

/**
 * The office's performance (issue 33 points 8 and 9): the admins' dashboard and the public page's
 * open data. No table of its own: the letters and cases services count their rows.
 */
export const performanceModule = (options: PerformanceModuleOptions = {}) =>
  defineModule<{ auth: AuthPort; letters: PerformanceLettersPort; cases: PerformanceFiguresPort }>()({
    name: 'performance',
    setup(_env, { auth, letters, cases }) {
      const performance = createPerformanceService({ letters, cases, now: options.now ?? (() => new Date()) });
      return {
        service: performance,
        async register(app) {
          await app.register(named(performanceRoutes), { performance, rateLimit: auth.publicRateLimit('public-performance') });
        },
      };
    },
  });
