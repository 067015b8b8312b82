// What the benchmark server (server.ts, a child process) tells the load generator (run.ts) on its
// one stdout line. Kept in one file so both sides agree on the shape.
import type { BenchCleanup, BenchEngine } from '../harness/protocol.js';

export interface BenchParty {
  userId: number;
  token: string;
}

export interface BenchConversation {
  conversationId: number;
  citizen: BenchParty;
  employee: BenchParty;
}

export interface BenchReady {
  type: 'ready';
  engine: BenchEngine;
  /** Every listener is on 127.0.0.1. */
  ports: {
    /** The real API (buildServer). */
    api: number;
    /** A bare Fastify with GET /hello -> {"hello":"world"}. */
    hello: number;
    /** A bare Fastify with GET /raw/conversations/:id/messages: the same rows, no auth, no schema. */
    raw: number;
  };
  /** Part (a): the conversation with MESSAGES_IN_HISTORY messages, read by its citizen. */
  history: BenchConversation & { messages: number };
  /** Part (b): every conversation has its own citizen and its own employee; IN_PROGRESS. */
  live: BenchConversation[];
  cleanup: BenchCleanup;
  seedMs: number;
}

export const MESSAGES_IN_HISTORY = 50;
export const LIVE_CONVERSATIONS = 250;
