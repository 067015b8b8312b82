import { idParams, registerEmployeeRequest, userListResponse, userResponse } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import type { EmployeesService } from './service.js';

export interface EmployeesRoutesOptions {
  employees: EmployeesService;
}

/** The Admin Dashboard's calls (spec section 7); all ADMIN only in src/access-policy.ts. */
export const employeesRoutes: FastifyPluginAsyncZod<EmployeesRoutesOptions> = async (app, { employees }) => {
  app.post(
    '/register/employee',
    {
      schema: {
        tags: ['employees'],
        summary: 'Register an employee account (audited)',
        body: registerEmployeeRequest,
        response: { 201: userResponse, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await employees.register(callerOf(request), request.body)),
  );

  app.get(
    '/api/users/employees',
    {
      schema: {
        tags: ['employees'],
        summary: 'Every employee account, active or not',
        response: { 200: userListResponse, ...errorResponses(401, 403) },
      },
    },
    async () => employees.list(),
  );

  app.put(
    '/api/users/deactivate/:id',
    {
      schema: {
        tags: ['employees'],
        summary: 'Deactivate an employee: their tokens stop working at once and they cannot log in (audited)',
        params: idParams,
        response: { 200: userResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => employees.deactivate(callerOf(request), request.params.id),
  );

  app.put(
    '/api/users/activate/:id',
    {
      schema: {
        tags: ['employees'],
        summary: 'Activate an employee again (audited)',
        params: idParams,
        response: { 200: userResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => employees.activate(callerOf(request), request.params.id),
  );
};
