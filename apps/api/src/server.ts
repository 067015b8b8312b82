import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { JSON_BODY_LIMIT_BYTES } from '@portal/contract';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ModuleList, type ModuleSet, registerModules, setUpModules } from './app-module.js';
import { type Config, moduleSettings } from './config.js';
import { prepareSchema } from './db/api-role.js';
import { createDatabase, type DatabaseHandle, type Db } from './db/database.js';
import type { Engine } from './db/portable.js';
import { runSeed } from './db/seed.js';
import { type AuditModuleOptions, auditModule } from './modules/audit/index.js';
import { authModule } from './modules/auth/index.js';
import { casesModule } from './modules/cases/index.js';
import { contactsModule } from './modules/contacts/index.js';
import { replyTemplatesModule } from './modules/reply-templates/index.js';
import { mattersModule } from './modules/matters/index.js';
import { type PerformanceModuleOptions, performanceModule } from './modules/performance/index.js';
import { type DeadlinesModuleOptions, deadlinesModule } from './modules/deadlines/index.js';
import { handoffsModule } from './modules/handoffs/index.js';
import { receiptsModule } from './modules/receipts/index.js';
import { timelineModule } from './modules/timeline/index.js';
import { type SessionsModuleOptions, sessionsModule } from './modules/sessions/index.js';
import { myDataModule } from './modules/my-data/index.js';
import { employeesModule } from './modules/employees/index.js';
import { healthModule } from './modules/health/index.js';
import { obligationsModule } from './modules/obligations/index.js';
import { quotasModule } from './modules/quotas/index.js';
import { lettersModule } from './modules/letters/index.js';
import { type NotificationsModuleOptions, notificationsModule } from './modules/notifications/index.js';
import { usersModule } from './modules/users/index.js';
import { accessControlPlugin } from './plugins/access-control.js';
import { bodyDeadlinesPlugin } from './plugins/body-deadlines.js';
import { limitConnections } from './plugins/connection-limits.js';
import { authPlugin, loadSessionKey, type PasswordVerifier } from './plugins/auth/index.js';
import { docsPlugin } from './plugins/docs.js';
import { PortalEvents } from './plugins/events.js';
import { createModuleMetrics, metricsPlugin } from './plugins/metrics.js';
import { PersonalData } from './plugins/personal-data.js';
import { named } from './plugins/plugin-name.js';
import { requestIdOptions, requestIdPlugin } from './plugins/request-id.js';
import { errorsPlugin, sendError } from './plugins/errors.js';
import { parseJsonBodies, refuseJsonNotInUtf8 } from './plugins/json-body.js';
import { redactingLoggerOptions } from './plugins/log-redaction.js';
import { liveUpdatesRoutes } from './plugins/realtime/hub.js';
import { createRealtimeBus, LiveTopics, type RealtimeBus } from './plugins/realtime/index.js';
import { securityHeadersPlugin, securityPlugin } from './plugins/security.js';
import { validatorCompiler } from './plugins/validation.js';
import { webAppPlugin } from './plugins/web-app.js';
import type { AuthPort } from './ports/auth.js';
import type { SessionsPort } from './ports/sessions.js';
import type { UsersPort } from './ports/users.js';
import { onSocketError } from './plugins/realtime/socket-errors.js';
import { closeConnectionsPromptly, closeSocketsGoingAway } from './shutdown.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbEngine: Engine;
    /** What the modules declared of the tables naming a person (the personal-tables test reads it). */
    personalData: PersonalData;
  }
}

export interface BuildServerOptions {
  /** Use this database instead of opening `config.database`; the caller closes it. */
  database?: DatabaseHandle;
  /** How logins check passwords (tests count the checks with a spy); default argon2id. */
  passwords?: PasswordVerifier;
  /** How the login throttle waits out its slow-down (tests record the waits instead of sleeping). */
  loginSleep?: (ms: number) => Promise<void>;
  /** The two-factor clock (TOTP steps, challenge expiry); tests step it. */
  twoFactorNow?: () => number;
  /** The password-reset links' clock (tests step past their 30 minutes); default Date.now. */
  passwordResetNow?: () => number;
  /** Sees every route as it is registered (tests collect them independently of the policy plugin). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** How often open WebSockets are pinged and their account re-checked (default 30 s). */
  liveHeartbeatMs?: number;
  /** Use this bus instead of opening one for the engine; the caller closes it. */
  realtimeBus?: RealtimeBus;
  /** Another module list than portalModules (tests leave a module out); the server needs users. */
  modules?: ModuleSet<ServerNeeds>;
  /** The audit checkpoints' timer and clock (tests drive them by hand). */
  audit?: AuditModuleOptions;
  /** The notification worker's clock, transport and schedule (tests drive it by hand). */
  notifications?: NotificationsModuleOptions;
  /** The late-term rules' clock (delay notices, prompts; tests move it). */
  deadlines?: DeadlinesModuleOptions;
  /** The staff idle time-out's clock (tests move it instead of waiting). */
  sessions?: SessionsModuleOptions;
  /** The performance figures' clock (tests set the day the weeks and "overdue now" count from). */
  performance?: PerformanceModuleOptions;
}

/** The services buildServer itself calls. */
export interface ServerNeeds {
  users: UsersPort;
  /** Redeems the one-use tickets that open a WebSocket from another host. */
  auth: AuthPort;
  /** Issue 21: the staff idle time-out wraps the per-request caller lookup. */
  sessions: SessionsPort;
}

/**
 * THE list of modules, in order: a module may use the services of the modules above it (the
 * compiler refuses one whose needs come later), and its seed steps run after theirs.
 */
export const portalModules = (options: BuildServerOptions = {}) =>
  ModuleList.empty()
    .add(healthModule)
    .add(auditModule(options.audit))
    .add(usersModule)
    .add(receiptsModule)
    .add(timelineModule)
    .add(sessionsModule(options.sessions))
    .add(notificationsModule(options.notifications))
    .add(authModule({ passwords: options.passwords, sleep: options.loginSleep, twoFactorNow: options.twoFactorNow, passwordResetNow: options.passwordResetNow }))
    .add(quotasModule)
    .add(lettersModule)
    .add(employeesModule)
    .add(obligationsModule)
    .add(casesModule)
    .add(contactsModule)
    .add(replyTemplatesModule)
    .add(mattersModule)
    .add(performanceModule(options.performance))
    .add(deadlinesModule(options.deadlines))
    .add(handoffsModule)
    .add(myDataModule);

/** Every service the modules provide, by module name. */
export type ModuleRegistry = ReturnType<typeof portalModules> extends ModuleList<infer Registry> ? Registry : never;

/** The settings the listed modules want, by module name: config.ts's moduleSettings must give each exactly its own. */
type PortalSettings = NonNullable<ReturnType<typeof portalModules>['wants']>;
const settingsFor = (config: Config): PortalSettings => moduleSettings(config);

/**
 * The whole API as a Fastify instance, migrated, seeded and ready, but not listening: tests
 * call `app.inject`, main.ts calls `listen`. Closing the app closes the database it opened.
 */
export async function buildServer(config: Config, options: BuildServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // No client is told to put a token in an address, but one may (`?token=`, a ticket): logs must not keep it.
      ...redactingLoggerOptions,
    },
    ...requestIdOptions,
    trustProxy: config.trustProxy,
    // Small by default; a route with long free text declares its own (jsonBodyLimit), uploads use multipart's limits.
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed or over-long address is refused by the router before any route: the same error shape.
    frameworkErrors: (error, request, reply) => sendError(request, reply, error),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  closeConnectionsPromptly(app);
  limitConnections(app.server, config.connections, app.log);

  const database = options.database ?? createDatabase(config.database, (error) => app.log.error({ err: error }, 'database pool error'));
  if (!options.database) app.addHook('onClose', () => database.destroy());
  try {
    await prepareSchema(config.database, database);
  } catch (error) {
    await app.close();
    throw error;
  }
  app.decorate('db', database.db);
  app.decorate('dbEngine', database.engine);
  const jwtSecret = loadSessionKey(config);

  // One process on SQLite: events stay in memory. PostgreSQL: LISTEN/NOTIFY reaches every process.
  let bus: RealtimeBus;
  try {
    bus =
      options.realtimeBus ??
      (await createRealtimeBus({
        engine: config.database.engine,
        databaseUrl: config.database.engine === 'postgres' ? config.database.url : undefined,
        logger: app.log,
        applicationName: 'portal-api-realtime',
      }));
  } catch (error) {
    await app.close();
    throw error;
  }
  if (!options.realtimeBus) app.addHook('onClose', () => bus.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and, per route, multipart) bodies: form posts and text/plain answer 415.
  app.removeContentTypeParser('text/plain');
  parseJsonBodies(app);
  refuseJsonNotInUtf8(app);

  const live = new LiveTopics(bus, app.log);
  const metrics = createModuleMetrics();
  const personalData = new PersonalData();
  app.decorate('personalData', personalData);
  const events = new PortalEvents(database.db, app.log);
  const env = { db: database.db, engine: database.engine, sessionKey: jwtSecret, live, metrics, personalData, events, log: app.log };
  const { services, modules } = await setUpModules(options.modules ?? portalModules(options), env, settingsFor(config)).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });

  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  // First of the request hooks: a stalled body is timed from the moment its headers are in.
  await app.register(bodyDeadlinesPlugin, config.bodyDeadlines);
  await app.register(securityHeadersPlugin, { corsOrigins: config.corsOrigins });
  await app.register(cookie);
  await app.register(authPlugin, {
    jwtSecret,
    loadSession: services.sessions.guard(services.users.loadSession),
    tokenLifetimeMinutes: config.sessions.lifetimeMinutes,
    redeemTicket: services.auth.redeemTicket,
    allowedOrigins: config.corsOrigins,
  });
  // Before access control: its onRequest hook marks upgrade requests, so a refused upgrade
  // (401/403 from the policy) still gets its socket closed.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, preClose: closeSocketsGoingAway, errorHandler: onSocketError });
  // From here on every route must have an access-policy entry.
  await app.register(accessControlPlugin);
  await app.register(securityPlugin, { corsOrigins: config.corsOrigins });
  await app.register(docsPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken, poolUse: database.poolUse, metrics });

  // The one WebSocket hub, whatever modules are listed: each carries its own topics (env.live).
  await app.register(named(liveUpdatesRoutes), {
    bus,
    topics: live,
    heartbeatMs: options.liveHeartbeatMs,
    allowedOrigins: config.corsOrigins,
    commandLimits: config.liveCommands,
  });
  await registerModules(app, modules);
  // Last: the static wildcard and the not-found answer must not shadow API routes.
  await app.register(webAppPlugin, { root: config.webDist });

  try {
    await runSeed({ db: database.db, config: { seedDemo: config.seedDemo }, log: app.log }, modules.flatMap((module) => module.seedSteps));
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
