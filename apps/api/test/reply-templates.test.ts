import { type FilledReplyTemplateResponse, letterReference, type ReplyTemplateResponse, writeCalendarDate } from '@portal/contract';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser, uniqueTag } from './helpers/factories.js';
import { call, takenConversation } from './helpers/letters.js';

// Issue 33 point 4: canned replies, per department (admins) and personal (an employee's own).
describeEachEngine('reply templates', (engine) => {
  const ctx = useTestApp(engine);
  const department = (name: string, text = 'Dear {firstName} {lastName}, about {reference} ({subject}): we answer by {dueDate}. {clerkName}') => ({
    name,
    language: 'en',
    scope: 'DEPARTMENT',
    department: 'Public Works Department',
    text,
  });
  const personal = (name: string, text = 'Hello {firstName}, {clerkName} here.') => ({ name, language: 'pl', scope: 'PERSONAL', text });
  const create = async (who: CreatedUser, body: object) => {
    const response = await call(ctx.app, who, 'POST', '/api/reply-templates', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ReplyTemplateResponse;
  };
  const list = async (who: CreatedUser, query = '') => {
    const response = await call(ctx.app, who, 'GET', `/api/reply-templates${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReplyTemplateResponse[];
  };
  const count = async () => Number((await ctx.app.db.selectFrom('reply_templates').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);

  it('lets an admin keep a department template that every clerk finds by name; changes are audited with before and after', async () => {
    const admin = await createAdmin(ctx.app);
    const clerk = await createEmployee(ctx.app);
    const tag = uniqueTag();
    const created = await create(admin, department(`Road repair ${tag}`));
    expect(created).toMatchObject({ scope: 'DEPARTMENT', department: 'Public Works Department', ownerId: null, language: 'en' });
    expect((await list(clerk, `?q=${encodeURIComponent(`road REPAIR ${tag}`)}`)).map((t) => t.id)).toEqual([created.id]);
    expect(await list(clerk, `?q=${encodeURIComponent(`nothing ${tag}`)}`)).toEqual([]);

    const changed = await call(ctx.app, admin, 'PUT', `/api/reply-templates/${created.id}`, department(`Road repairs ${tag}`));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(expectApiError(await call(ctx.app, clerk, 'PUT', `/api/reply-templates/${created.id}`, department('Mine now')), 403).message).toBe(
      'Only an admin keeps a department\u2019s templates.',
    );
    expect((await call(ctx.app, admin, 'DELETE', `/api/reply-templates/${created.id}`)).statusCode).toBe(204);
    const rows = await auditRowsFor(ctx.app, 'reply-template', created.id);
    expect(rows.map((row) => [row.action, row.actor_id, (row.before as { name?: string } | null)?.name ?? null, (row.after as { name?: string } | null)?.name ?? null])).toEqual([
      ['reply-template.create', admin.user.id, null, `Road repair ${tag}`],
      ['reply-template.update', admin.user.id, `Road repair ${tag}`, `Road repairs ${tag}`],
      ['reply-template.delete', admin.user.id, `Road repairs ${tag}`, null],
    ]);
  });

  it('keeps an employee\u2019s own template theirs: another employee cannot see, change or delete it (403), nor keep a department one', async () => {
    const owner = await createEmployee(ctx.app);
    const colleague = await createEmployee(ctx.app);
    const own = await create(owner, personal(`Greeting ${uniqueTag()}`));
    expect(own).toMatchObject({ scope: 'PERSONAL', ownerId: owner.user.id, department: null });
    expect((await list(owner, '?scope=PERSONAL')).map((t) => t.id)).toEqual([own.id]);
    expect((await list(colleague)).map((t) => t.id)).not.toContain(own.id);

    const before = await count();
    expect(expectApiError(await call(ctx.app, colleague, 'PUT', `/api/reply-templates/${own.id}`, personal('Taken over')), 403).message).toBe(
      'This template is another employee\u2019s own; only they may change it.',
    );
    expectApiError(await call(ctx.app, colleague, 'DELETE', `/api/reply-templates/${own.id}`), 403);
    expectApiError(await call(ctx.app, colleague, 'POST', '/api/reply-templates', department('Not mine to keep')), 403);
    expect(await count()).toBe(before);
    expect((await call(ctx.app, owner, 'PUT', `/api/reply-templates/${own.id}`, personal('Greeting, edited'))).statusCode).toBe(200);
  });

  it('refuses an unknown placeholder when saved, naming it (400), and writes nothing', async () => {
    const admin = await createAdmin(ctx.app);
    const before = await count();
    const error = expectApiError(await call(ctx.app, admin, 'POST', '/api/reply-templates', department('Typo', 'Dear {firstname}, see {reference}.')), 400);
    expect(error.fields?.text).toBe('Unknown placeholder {firstname}: use {firstName}, {lastName}, {reference}, {subject}, {dueDate} or {clerkName}.');
    const missing = expectApiError(await call(ctx.app, admin, 'POST', '/api/reply-templates', { name: 'x', language: 'en', scope: 'DEPARTMENT', text: 'Hi' }), 400);
    expect(missing.fields?.department).toBe('Choose the department the template is for.');
    const long = expectApiError(await call(ctx.app, admin, 'POST', '/api/reply-templates', department('n'.repeat(81))), 400);
    expect(long.fields?.name).toBe('A template\u2019s name must be at most 80 characters.'.replace('\u2019', "'"));
    expectApiError(await call(ctx.app, admin, 'POST', '/api/reply-templates', department('Too long', 'x'.repeat(4001))), 400);
    expect(await count()).toBe(before);
  });

  it('fills the placeholders on the server from the conversation\u2019s facts for the clerk who handles it', async () => {
    const admin = await createAdmin(ctx.app);
    const citizen = await createCitizen(ctx.app, { firstName: 'Zofia', lastName: 'Kowalczyk' });
    const clerk = await createEmployee(ctx.app, { firstName: 'Adam', lastName: 'Wolny' });
    const colleague = await createEmployee(ctx.app);
    const conversation = await takenConversation(ctx.app, citizen, clerk);
    const template = await create(admin, department(`Answer ${uniqueTag()}`));

    const response = await call(ctx.app, clerk, 'POST', `/api/reply-templates/${template.id}/fill`, { conversationId: conversation.id });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as FilledReplyTemplateResponse).text).toBe(
      `Dear Zofia Kowalczyk, about ${letterReference(conversation.letterId)} (${conversation.subject}): we answer by ${writeCalendarDate(conversation.dueDate!, 'en')}. Adam Wolny`,
    );
    // Another clerk's conversation: 403; another's own template: 404, as if it did not exist.
    expectApiError(await call(ctx.app, colleague, 'POST', `/api/reply-templates/${template.id}/fill`, { conversationId: conversation.id }), 403);
    const colleaguesOwn = await create(colleague, personal(`Theirs ${uniqueTag()}`));
    expectApiError(await call(ctx.app, clerk, 'POST', `/api/reply-templates/${colleaguesOwn.id}/fill`, { conversationId: conversation.id }), 404);
    expectApiError(await call(ctx.app, clerk, 'POST', `/api/reply-templates/${template.id}/fill`, {}), 400);
    // The letter's receipt is signed on a worker thread whose first start is slow on a busy machine.
  }, 30_000);

  it('refuses citizens and the anonymous on every route', async () => {
    const citizen = await createCitizen(ctx.app);
    const admin = await createAdmin(ctx.app);
    const template = await create(admin, department(`Citizen-proof ${uniqueTag()}`));
    expectApiError(await call(ctx.app, citizen, 'GET', '/api/reply-templates'), 403);
    expectApiError(await call(ctx.app, citizen, 'POST', '/api/reply-templates', personal('Mine')), 403);
    expectApiError(await call(ctx.app, citizen, 'PUT', `/api/reply-templates/${template.id}`, personal('Mine')), 403);
    expectApiError(await call(ctx.app, citizen, 'DELETE', `/api/reply-templates/${template.id}`), 403);
    expectApiError(await call(ctx.app, null, 'GET', '/api/reply-templates'), 401);
  });
});
