import { type Role, twoFactorMessages } from '@portal/contract';
import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  accessPolicy,
  type OwnershipRule,
  type PolicyTable,
  policyFor,
  type RequestField,
  type ResourceCheckName,
  type ResourceIdOf,
  type RoutePolicy,
  UUID_RESOURCE_CHECKS,
} from '../access-policy.js';
import { ApiError, forbidden, unauthorized } from './api-error.js';
import { type AuthUser, authFailure } from './auth/index.js';

/** Allows `user` the resource with this id: true, false (403), or throws an ApiError (e.g. 404). */
export type ResourceCheck<Id extends number | string = number> = (id: Id, user: AuthUser) => boolean | Promise<boolean>;

/** The validated parts of a request (or a WebSocket command as `body`) that rules read ids from. */
export interface RuleInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  policy: RoutePolicy;
}

export interface AccessControlOptions {
  /** Tests may pass their own table; the server always uses the exported one. */
  table?: PolicyTable;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessControl: {
      /** Registers a named ownership check used by `resource(name, idField)` rules. */
      registerResourceCheck<N extends ResourceCheckName>(name: N, check: ResourceCheck<ResourceIdOf<N>>): void;
      /**
       * Applies a policy outside an HTTP request (a WebSocket command): true when the user's role
       * is listed and every ownership rule passes; false when a rule refuses (403, 404, 409).
       */
      permits(policy: RoutePolicy, input: RuleInput, user: AuthUser): Promise<boolean>;
      /** Every route registered so far with the policy it resolved to (auto HEAD routes included). */
      routes(): readonly RegisteredRoute[];
    };
  }
}

const DEFAULT_BYPASS: readonly Role[] = ['ADMIN'];

function readField(input: RuleInput, field: RequestField): unknown {
  const [part, ...path] = field.split('.');
  let value: unknown = part === 'params' ? input.params : part === 'query' ? input.query : input.body;
  for (const key of path) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

function isSameId(value: unknown, userId: number): boolean {
  return (typeof value === 'number' || typeof value === 'string') && String(value).trim() === String(userId);
}

/** An id as the route's schema left it (a number) or, defensively, as digits. */
function asId(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID as text, or undefined for anything else. */
function asUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID_SHAPE.test(value) ? value.toLowerCase() : undefined;
}

const isUuidCheck = (name: ResourceCheckName) => (UUID_RESOURCE_CHECKS as readonly ResourceCheckName[]).includes(name);

const isAbsent = (value: unknown) => value === undefined || value === null;

export const accessControlPlugin = fp<AccessControlOptions>(
  async (app, options) => {
    const table = options.table ?? accessPolicy;
    // Each check is stored with the id type its name calls for (see registerResourceCheck).
    const checks = new Map<ResourceCheckName, ResourceCheck<number | string>>();
    const routes: RegisteredRoute[] = [];

    app.decorate('accessControl', {
      registerResourceCheck<N extends ResourceCheckName>(name: N, check: ResourceCheck<ResourceIdOf<N>>) {
        if (checks.has(name)) throw new Error(`Resource check "${name}" is registered twice`);
        checks.set(name, check as ResourceCheck<number | string>);
      },
      async permits(policy: RoutePolicy, input: RuleInput, user: AuthUser): Promise<boolean> {
        if (policy.roles !== 'public' && !policy.roles.includes(user.role)) return false;
        try {
          for (const rule of policy.ownership ?? []) await enforce(rule, input, user);
          return true;
        } catch (error) {
          if (error instanceof ApiError && error.statusCode < 500) return false;
          throw error;
        }
      },
      routes: () => routes,
    });

    // Refuse to register a route nobody wrote a policy for: the server does not boot.
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const policy = policyFor(method, route.url, table);
        if (!policy) {
          throw new Error(
            `Route "${method} ${route.url}" has no entry in src/access-policy.ts. ` +
              'Every route must say which roles may call it (or that it is public).',
          );
        }
        if (policy.roles === 'public' && policy.ownership?.length) {
          throw new Error(`Route "${method} ${route.url}" is public but declares ownership rules`);
        }
        routes.push({ method: method.toUpperCase(), url: route.url, policy });
      }
    });

    // A rule naming a check no module registered would deny every call: fail at start instead.
    app.addHook('onReady', async () => {
      for (const { method, url, policy } of routes) {
        for (const rule of policy.ownership ?? []) {
          if (rule.kind === 'resource' && !checks.has(rule.check)) {
            throw new Error(`Route "${method} ${url}" uses resource check "${rule.check}", which no module registered`);
          }
        }
      }
    });

    const policyOf = (request: FastifyRequest): RoutePolicy | undefined | null => {
      const url = request.routeOptions.url;
      if (url === undefined) return null; // 404: the not-found handler answers
      return policyFor(request.method, url, table);
    };

    // Authentication and roles run before the body is even read.
    app.addHook('onRequest', async (request) => {
      const policy = policyOf(request);
      if (policy === null) return;
      if (!policy) throw forbidden(); // unreachable: onRoute refuses such routes
      if (policy.roles === 'public') return;
      const outcome = await app.auth.authenticate(request);
      if (outcome.status !== 'authenticated') throw authFailure(outcome);
      if (!policy.roles.includes(outcome.user.role)) throw forbidden();
      // Two-factor (issue 21): a staff sign-in that still has to set up its second factor reaches
      // only the set-up routes, whatever its role.
      if (outcome.session.enrolmentOnly && !policy.duringEnrolment) {
        throw new ApiError(403, twoFactorMessages.enrolFirst, undefined, 'SecondFactorRequired');
      }
      request.user = outcome.user;
      request.session = outcome.session;
    });

    // Ownership needs the validated params/query/body, and must pass before the handler writes anything.
    app.addHook('preHandler', async (request) => {
      const policy = policyOf(request);
      if (!policy?.ownership?.length) return;
      const user = request.user;
      if (!user) throw unauthorized();
      for (const rule of policy.ownership) await enforce(rule, request, user);
    });

    async function enforce(rule: OwnershipRule, input: RuleInput, user: AuthUser): Promise<void> {
      if ((rule.bypass ?? DEFAULT_BYPASS).includes(user.role)) return;
      if (rule.kind === 'self') {
        const value = readField(input, rule.field);
        if (isAbsent(value) ? rule.whenAbsent === 'forbid' : !isSameId(value, user.id)) throw forbidden();
        return;
      }
      const check = checks.get(rule.check);
      if (!check) throw new ApiError(500, 'Access rule misconfigured');
      const value = readField(input, rule.id);
      const id = isUuidCheck(rule.check) ? asUuid(value) : asId(value);
      if (id === undefined) throw forbidden();
      // "Not yours" and "does not exist" get the same 403, so ids cannot be probed for existence.
      let allowed: boolean;
      try {
        allowed = await check(id, user);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) throw forbidden();
        throw error;
      }
      if (!allowed) throw forbidden();
    }
  },
  { name: 'access-control', dependencies: ['auth'] },
);
