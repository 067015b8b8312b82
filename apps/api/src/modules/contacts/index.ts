import { caseReference, type ContactPanelResponse, contactPanelResponse, letterReference, userIdParams } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule } from '../../app-module.js';
import { notFound } from '../../plugins/api-error.js';
import { type AuthUser, callerOf } from '../../plugins/auth/index.js';
import { named } from '../../plugins/plugin-name.js';
import type { CasesPort } from '../../ports/matters.js';
import { errorResponses } from '../http-schemas.js';
import type { LettersPort } from '../../ports/matters.js';
import type { ObligationsPort } from '../../ports/matters.js';
import type { UsersPort } from '../../ports/users.js';

interface ContactSources {
  users: Pick<UsersPort, 'findUser'>;
  letters: Pick<LettersPort, 'listUserConversations'>;
  cases: Pick<CasesPort, 'listForUser'>;
  obligations: Pick<ObligationsPort, 'listFor'>;
}

/**
 * The contact panel beside a conversation or a case (issue 33): the citizen as staff may see them
 * and their other matters. This module has no table: each part comes from the module that owns it,
 * through its service. Only citizens have a panel; anyone else is a 404, like an unknown id.
 */
export function createContactsService({ users, letters, cases, obligations }: ContactSources) {
  return {
    async panel(caller: AuthUser, userId: number): Promise<ContactPanelResponse> {
      const person = await users.findUser(userId);
      if (!person || person.role !== 'USER') throw notFound();
      const [conversations, ownCases, owed] = await Promise.all([
        letters.listUserConversations(caller, userId),
        cases.listForUser(userId),
        obligations.listFor(userId),
      ]);
      return {
        // The staff projection: no email, phone number or date of birth.
        person: { id: person.id, firstName: person.firstName, lastName: person.lastName, username: person.username },
        letters: conversations.map((c) => ({
          conversationId: c.id,
          reference: letterReference(c.letterId),
          subject: c.subject,
          status: c.status,
          createdAt: c.createdAt,
        })),
        cases: ownCases.map((c) => ({
          id: c.id,
          reference: caseReference(c.id),
          caseType: c.caseType,
          vehicleNumberPlate: c.vehicleNumberPlate,
          status: c.status,
          submissionDate: c.submissionDate,
        })),
        obligations: owed
          .filter((o) => o.paymentStatus !== 'PAID')
          .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id))
          .map((o) => ({ id: o.id, description: o.description, amount: o.amount, dueDate: o.dueDate, paymentStatus: o.paymentStatus })),
      };
    },
  };
}

type ContactsService = ReturnType<typeof createContactsService>;

const contactsRoutes: FastifyPluginAsyncZod<{ contacts: ContactsService }> = async (app, { contacts }) => {
  app.get(
    '/api/contacts/:userId',
    {
      schema: {
        tags: ['desk'],
        summary: 'A citizen as staff see them beside a conversation or a case: name, username, letters, cases, unpaid obligations',
        params: userIdParams,
        response: { 200: contactPanelResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => contacts.panel(callerOf(request), request.params.userId),
  );
};

export const contactsModule = defineModule<{
  users: UsersPort;
  letters: LettersPort;
  cases: CasesPort;
  obligations: ObligationsPort;
}>()({
  name: 'contacts',
  setup(_env, sources) {
    const contacts = createContactsService(sources);
    return {
      async register(app) {
        await app.register(named(contactsRoutes), { contacts });
      },
    };
  },
});
