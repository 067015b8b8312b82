// The benchmark's server process: run.ts spawns one per engine, so the load generator never shares
// an event loop with the server. Usage: node --conditions=@portal/source --import tsx bench/chat/server.ts sqlite|postgres
//
// On the real API over a throw-away database (harness/server.ts: start, ready line, clean-up), it
// seeds the chat data straight through the repositories (one precomputed argon2 hash for every
// account) and starts two baseline servers next to it: Fastify alone, and the same rows raw.
import { fullName, type UserResponse } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../apps/api/src/db/database.js';
import { createLettersRepository } from '../../apps/api/src/modules/letters/repository.js';
import { createUsersRepository } from '../../apps/api/src/modules/users/repository.js';
import { issueDirectToken } from '../../apps/api/src/modules/sessions/direct-token.js';
import { hashPassword } from '../../apps/api/src/plugins/auth/index.js';
import { helloServer, runBenchServer } from '../harness/server.js';
import { type BenchConversation, type BenchReady, LIVE_CONVERSATIONS, MESSAGES_IN_HISTORY } from './protocol.js';

/** Baseline 2: the same 50 rows as the API's listMessages (same join, same order), no auth, no schema. */
function rawRowsServer(db: Db): FastifyInstance {
  const raw = Fastify({ logger: false });
  raw.get<{ Params: { id: string } }>('/raw/conversations/:id/messages', async (request) => {
    const conversationId = Number(request.params.id);
    const rows = await db
      .selectFrom('messages as m')
      .innerJoin('users as sender', 'sender.id', 'm.sender_id')
      .select(['m.id', 'm.sender_id', 'm.content', 'm.sent_at', 'm.seq', 'sender.first_name', 'sender.last_name'])
      .where('m.conversation_id', '=', conversationId)
      .orderBy('m.id')
      .execute();
    // The same JSON shape the API answers, so both routes send the same bytes.
    return rows.map((row) => ({
      id: Number(row.id),
      conversationId,
      senderId: Number(row.sender_id),
      senderName: fullName({ firstName: row.first_name, lastName: row.last_name }),
      content: row.content,
      sentAt: row.sent_at,
      seq: Number(row.seq),
    }));
  });
  return raw;
}

async function seed(app: FastifyInstance): Promise<Pick<BenchReady, 'history' | 'live'>> {
  const usersRepository = createUsersRepository(app.db);
  const letters = createLettersRepository(app.db);
  // argon2id costs ~50 ms: 502 accounts share one hash (nobody logs in; tokens are signed directly).
  const passwordHash = await hashPassword('BenchPass123');
  let sequence = 0;

  return app.db.transaction().execute(async (trx) => {
    const newUser = (role: 'USER' | 'EMPLOYEE'): Promise<UserResponse> => {
      sequence += 1;
      return usersRepository.insert(
        {
          username: `bench${role === 'USER' ? 'c' : 'e'}${sequence}`,
          email: `bench${sequence}@bench.example.org`,
          passwordHash,
          firstName: role === 'USER' ? 'Zofia' : 'Jan',
          lastName: `Benchmark${sequence}`,
          role,
          phoneNumber: '501234567',
          dateOfBirth: '1990-05-17',
        },
        trx,
      );
    };
    /** A letter by `citizen` taken by `employee`: an IN_PROGRESS conversation. */
    const conversation = async (citizen: UserResponse, employee: UserResponse): Promise<BenchConversation> => {
      const id = await letters.createLetter(
        {
          userId: citizen.id,
          recipient: 'Public Works Department',
          subject: `Streetlight out on Lipowa ${citizen.id}`,
          content: 'The streetlight in front of Lipowa 4 has been dark for a week.',
          sentAt: new Date().toISOString(),
        },
        trx,
      );
      if (!(await letters.takeConversation(id, employee.id, trx))) throw new Error(`could not take conversation ${id}`);
      return {
        conversationId: id,
        citizen: { userId: citizen.id, token: await issueDirectToken(app, citizen) },
        employee: { userId: employee.id, token: await issueDirectToken(app, employee) },
      };
    };

    const historyCitizen = await newUser('USER');
    const historyEmployee = await newUser('EMPLOYEE');
    const history = await conversation(historyCitizen, historyEmployee);
    for (let i = 0; i < MESSAGES_IN_HISTORY; i += 1) {
      const sender = i % 2 === 0 ? historyCitizen : historyEmployee;
      await letters.sendMessage(
        {
          conversationId: history.conversationId,
          sender,
          content: `Message ${i + 1}: the streetlight is still out, and the one at the corner of Lipowa and Polna flickers too.`,
        },
        trx,
      );
    }

    // One employee per conversation: each socket then belongs to exactly one conversation.
    const live: BenchConversation[] = [];
    for (let i = 0; i < LIVE_CONVERSATIONS; i += 1) {
      const citizen = await newUser('USER');
      const employee = await newUser('EMPLOYEE');
      live.push(await conversation(citizen, employee));
    }
    return { history: { ...history, messages: MESSAGES_IN_HISTORY }, live };
  });
}

runBenchServer<BenchReady>('bench server', 'bench/chat/server.ts', async ({ buildApi }) => {
  const app = await buildApi();
  const seedStarted = performance.now();
  const seeded = await seed(app);
  const seedMs = Math.round(performance.now() - seedStarted);
  return { listen: { api: app, hello: helloServer(), raw: rawRowsServer(app.db) }, ready: { ...seeded, seedMs } };
});
