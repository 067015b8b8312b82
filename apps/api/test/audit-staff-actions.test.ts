import type { ConversationResponse } from '@portal/contract';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor, countAuditRows } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, createLetter, takenConversation } from './helpers/letters.js';

/*
 * Take and resolve are the letter module's staff actions: each leaves exactly one audit row
 * with the conversation's state before and after; a refused one leaves none. (Employee
 * registration and (de)activation: employees.test.ts.)
 */
describeEachEngine('audit rows of conversation take and resolve', (engine) => {
  const ctx = useTestApp(engine);

  it('a take records who took which conversation, from OPEN to IN_PROGRESS', async () => {
    const [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const rows = await auditRowsFor(ctx.app, 'conversation', conversation.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: employee.user.id,
      action: 'conversation.take',
      before: { status: 'OPEN', employeeId: null },
      after: { status: 'IN_PROGRESS', employeeId: employee.user.id },
    });
  });

  it('an admin assigning a conversation is the actor; the assignee is in the after value', async () => {
    const [citizen, employee, admin] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app), createAdmin(ctx.app)]);
    const { id } = await createLetter(ctx.app, citizen);
    const response = await call(ctx.app, admin, 'PUT', `/api/conversations/${id}/take?employeeId=${employee.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = await auditRowsFor(ctx.app, 'conversation', id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.user.id, after: { status: 'IN_PROGRESS', employeeId: employee.user.id } });
  });

  it('a resolve records the move from IN_PROGRESS to RESOLVED with its date', async () => {
    const [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const response = await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' });
    expect(response.statusCode, response.body).toBe(200);
    const resolved = response.json<ConversationResponse>();

    const rows = await auditRowsFor(ctx.app, 'conversation', conversation.id);
    expect(rows.map((row) => row.action)).toEqual(['conversation.take', 'conversation.resolve']);
    expect(rows[1]).toMatchObject({
      actor_id: employee.user.id,
      before: { status: 'IN_PROGRESS', employeeId: employee.user.id, resolvedDate: null },
      after: { status: 'RESOLVED', employeeId: employee.user.id, resolvedDate: resolved.resolvedDate },
    });
  });

  it('refused takes and resolves leave no row', async () => {
    const [citizen, employee, other] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app), createEmployee(ctx.app)]);
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const open = await createLetter(ctx.app, citizen);
    const before = await countAuditRows(ctx.app);

    const refusals = [
      // Taken already: 409.
      await call(ctx.app, other, 'PUT', `/api/conversations/${conversation.id}/take`),
      // Unknown conversation: 404.
      await call(ctx.app, other, 'PUT', '/api/conversations/987654/take'),
      // Not the handler: 403.
      await call(ctx.app, other, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' }),
      // Not in progress: 409.
      await call(ctx.app, employee, 'PUT', `/api/conversations/${open.id}/status`, { status: 'RESOLVED' }),
      // A citizen is no staff: 403.
      await call(ctx.app, citizen, 'PUT', `/api/conversations/${open.id}/take`),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([409, 404, 403, 409, 403]);
    expect(await countAuditRows(ctx.app)).toBe(before);
  });
});
