import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from './db/database.js';
import type { Engine } from './db/portable.js';
import type { SeedStep } from './db/seed.js';
import type { PortalEvents } from './plugins/events.js';
import type { ModuleMetrics } from './plugins/metrics.js';
import type { PersonalData } from './plugins/personal-data.js';
import { named } from './plugins/plugin-name.js';
import type { LiveTopics } from './plugins/realtime/index.js';

/*
 * One module = one folder = one `defineModule(...)` in its index.ts. server.ts lists the modules
 * in order; each module's `setup` receives the services of the modules listed before it that it
 * declared it needs (and registers its live topics with `env.live`), and hands back its own service
 * (for later modules), a plugin with its routes and resource checks, and its seed steps.
 */

/** What every module may use besides other modules' services. */
export interface SharedEnvironment {
  db: Db;
  engine: Engine;
  /**
   * The topics of the server's one WebSocket hub: a module registers each kind it publishes (and
   * which ones a socket may follow) and gets its publisher; on PostgreSQL events reach every API process.
   */
  live: LiveTopics;
  /** GET /metrics: a module registers the gauges of its own tables (no plugin reads a module's table). */
  metrics: ModuleMetrics;
  /**
   * The own-data hooks: a module registers the export section and the closure step of its tables,
   * and declares each other table of its that names a person (modules/my-data asks them).
   */
  personalData: PersonalData;
  /**
   * The one event per state change (issue 31): a module's service emits its changes' events here
   * (`events.transaction` + `events.emit`), and any module may subscribe to all of them, inside
   * the change's transaction or after its commit, with no other module edited.
   */
  events: PortalEvents;
  log: FastifyBaseLogger;
  /** The key session tokens are signed with (the notifications' unsubscribe links derive theirs from it). */
  sessionKey: string;
}

/** What a module's `setup` gets: the shared environment and its own settings, no other module's. */
export interface ModuleEnvironment<Settings = unknown> extends SharedEnvironment {
  settings: Settings;
}

/** What a module's `setup` hands back; every part is optional. */
export interface ModuleParts<Service> {
  /** What later modules (and the server) may call. Omit it when nothing outside needs the module. */
  service?: Service;
  /**
   * Registers the module's HTTP routes and resource checks. Runs in the module's
   * own encapsulated Fastify scope, after the access policy is in place (every route must have an
   * entry in src/access-policy.ts).
   */
  register?: (app: FastifyInstance) => Promise<void> | void;
  /** Start-up data. All modules' steps run after every module registered, in module order. */
  seedSteps?: readonly SeedStep[];
}

export interface AppModule<Name extends string, Needs extends object, Service, Settings = undefined> {
  readonly name: Name;
  /**
   * Builds the module's repository and service (no Fastify yet: the auth plugin itself needs the
   * users service). `services` holds the services of the modules it declared in `Needs`.
   */
  setup(env: ModuleEnvironment<Settings>, services: Needs): ModuleParts<Service> | Promise<ModuleParts<Service>>;
}

/**
 * Declares a module. The type argument names the services it uses, by module name; the module
 * list in server.ts refuses (at compile time) a module whose needs no earlier module provides:
 *
 *   export const lettersModule = defineModule<{ users: UsersService }>()({
 *     name: 'letters',
 *     setup: ({ db }, { users }) => ({ service: createLettersService({ db, users }) }),
 *   });
 */
export function defineModule<Needs extends object = Record<never, never>, Settings = undefined>() {
  return <const Name extends string, Service = never>(module: AppModule<Name, Needs, Service, Settings>) => module;
}

/** The services of `Registry` that `Needs` asks for but that are missing (or of another type). */
type Missing<Registry, Needs> = {
  [K in keyof Needs]: K extends keyof Registry ? (Registry[K] extends Needs[K] ? never : K) : K;
}[keyof Needs];

/** `unknown` when the module may join the list; otherwise a type that names the problem. */
type Admissible<Registry, Name extends string, Needs> = Name extends keyof Registry
  ? { duplicateModuleName: Name }
  : [Missing<Registry, Needs>] extends [never]
    ? unknown
    : { servicesNoEarlierModuleProvides: Missing<Registry, Needs> };

/** The registry after adding a module: a module without a service adds nothing. */
type With<Registry, Name extends string, Service> = [Service] extends [never] ? Registry : Registry & Record<Name, Service>;

/** The settings the listed modules want, by module name: a module without settings adds nothing. */
type Wanting<Wants, Name extends string, Settings> = [Settings] extends [undefined] ? Wants : Wants & Record<Name, Settings>;

// The list stores modules of many types; their types are checked when they are added.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModule = AppModule<string, any, unknown, any>;

/**
 * A finished module list as the server takes it: the modules, and (for the compiler only) the
 * services they provide and the settings they want. Unlike ModuleList, a list providing more is
 * accepted where less is needed.
 */
export interface ModuleSet<Registry extends object, Wants extends object = object> {
  readonly modules: readonly AnyModule[];
  readonly provides?: Registry;
  readonly wants?: Wants;
}

/** An ordered list of modules whose type knows every service the listed modules provide and every setting they want. */
export class ModuleList<Registry extends object = Record<never, never>, Wants extends object = Record<never, never>> implements ModuleSet<Registry, Wants> {
  declare readonly provides?: Registry;
  declare readonly wants?: Wants;
  private constructor(readonly modules: readonly AnyModule[]) {}

  static empty(): ModuleList {
    return new ModuleList([]);
  }

  /** Appends a module; it may use the services of the modules before it. */
  add<const Name extends string, Needs extends object, Service, Settings>(
    module: AppModule<Name, Needs, Service, Settings> & Admissible<Registry, Name, Needs>,
  ): ModuleList<With<Registry, Name, Service>, Wanting<Wants, Name, Settings>> {
    return new ModuleList<With<Registry, Name, Service>, Wanting<Wants, Name, Settings>>([...this.modules, module]);
  }
}

/** A module after `setup`: what the server registers and seeds. */
export interface SetUpModule {
  name: string;
  register?: (app: FastifyInstance) => Promise<void> | void;
  seedSteps: readonly SeedStep[];
}

/**
 * Runs every module's `setup` in list order. Each module sees only the services of the modules
 * before it (a copy: a later module cannot change what an earlier one saw).
 */
export async function setUpModules<Registry extends object, Wants extends object>(
  list: ModuleSet<Registry, Wants>,
  env: SharedEnvironment,
  settings: Partial<Wants> = {},
): Promise<{ services: Registry; modules: SetUpModule[] }> {
  const services: Record<string, unknown> = {};
  const modules: SetUpModule[] = [];
  for (const module of list.modules) {
    if (modules.some((other) => other.name === module.name)) throw new Error(`Module "${module.name}" is listed twice`);
    // The list's type erased each module's name: its slice is matched to it here, by that name.
    const own = (settings as Record<string, unknown>)[module.name] as undefined;
    const parts = await module.setup({ ...env, settings: own }, { ...services });
    if (parts.service !== undefined) services[module.name] = parts.service;
    modules.push({ name: module.name, register: parts.register, seedSteps: parts.seedSteps ?? [] });
  }
  return { services: services as Registry, modules };
}

/** Registers each module's plugin in list order, each in its own encapsulated scope. */
export async function registerModules(app: FastifyInstance, modules: readonly SetUpModule[]): Promise<void> {
  for (const { name, register } of modules) {
    if (register) await app.register(named(async (scope) => register(scope), name));
  }
}
