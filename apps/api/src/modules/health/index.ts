import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import { healthRoutes } from './routes.js';

/** GET /healthz (alive) and GET /readyz (database answers, migrations applied) for load balancers and the browser tests' start-up wait. */
export const healthModule = defineModule()({
  name: 'health',
  setup: () => ({
    async register(app) {
      await app.register(named(healthRoutes));
    },
  }),
});
