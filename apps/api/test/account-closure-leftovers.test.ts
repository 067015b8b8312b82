import { myDataPaths } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, messageBody, takenConversation } from './helpers/letters.js';

describeEachEngine('what an account closure leaves behind', (engine) => {
  const ctx = useTestApp(engine);

  async function close(admin: CreatedUser, citizen: CreatedUser): Promise<void> {
    expect((await ctx.app.inject({ method: 'POST', url: myDataPaths.closure, headers: citizen.headers })).statusCode).toBe(201);
    expect((await call(ctx.app, admin, 'POST', myDataPaths.approve(citizen.user.id))).statusCode).toBe(200);
  }

  describe('the users search index', () => {
    it('keeps no prefix of the old username: no counted text, and its label goes once nobody else has it', async () => {
      const admin = await createAdmin(ctx.app);
      // Both under the label QX; "wvjk" and "mnop" are in no other username of this database.
      const first = await createCitizen(ctx.app, { username: 'qxwvjk' });
      const second = await createCitizen(ctx.app, { username: 'qxmnop' });
      const labels = async () => (await call(ctx.app, admin, 'GET', '/api/users/labels')).json<string[]>();
      expect(await labels()).toContain('QX');

      await close(admin, first);
      // Texts of up to six characters that only "qxwvjk" contained.
      const onlyFirst = ['qxw', 'qxwv', 'qxwvj', 'qxwvjk', 'xw', 'xwv', 'xwvj', 'xwvjk', 'wv', 'wvj', 'wvjk', 'vj', 'vjk', 'jk'];
      const counted = await ctx.app.db.selectFrom('username_text_counts').select(['text', 'n']).where('text', 'in', onlyFirst).execute();
      expect(counted).toEqual([]);
      expect((await call(ctx.app, admin, 'GET', '/api/users?q=wvjk')).json()).toEqual([]);
      // The label is still the other account's.
      expect(await labels()).toContain('QX');

      await close(admin, second);
      expect(await labels()).not.toContain('QX');
      const anyQx = await ctx.app.db.selectFrom('username_text_counts').select('text').where(sql<boolean>`text like 'qx%'`).execute();
      expect(anyQx).toEqual([]);
    });
  });

  describe('portal entries', () => {
    it('are no longer written for the closed account: a reply and a status change after the closure leave it nothing', async () => {
      const admin = await createAdmin(ctx.app);
      const employee = await createEmployee(ctx.app);
      const citizen = await createCitizen(ctx.app);
      const conversation = await takenConversation(ctx.app, citizen, employee);
      await close(admin, citizen);

      const sent = await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, 'Closing this.'));
      expect(sent.statusCode, sent.body).toBe(201);
      expect((await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' })).statusCode).toBe(200);

      const entries = await ctx.app.db.selectFrom('notifications').select('kind').where('user_id', '=', citizen.user.id).execute();
      const emails = await ctx.app.db.selectFrom('notification_outbox').select('kind').where('user_id', '=', citizen.user.id).execute();
      // Only the closure's own farewell email (issue 35), written in the closure's transaction.
      expect({ entries, emails }).toEqual({ entries: [], emails: [{ kind: 'account-closed' }] });
    });

    it('are still written for an open account (control)', async () => {
      const employee = await createEmployee(ctx.app);
      const citizen = await createCitizen(ctx.app);
      const conversation = await takenConversation(ctx.app, citizen, employee);
      await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, 'Any news?'));
      await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' });
      const entries = await ctx.app.db.selectFrom('notifications').select('kind').where('user_id', '=', citizen.user.id).orderBy('id').execute();
      expect(entries.map((entry) => entry.kind)).toEqual(['letter-taken', 'reply', 'conversation-resolved']);
    });
  });
});
