// Part (b): 500 WebSocket clients (citizen + employee of 250 conversations); messages go in through
// POST .../messages/send and must reach the other party's socket exactly once, and nobody else's.
import { Agent } from 'node:http';
import type WebSocket from 'ws';
import { closeAll, connect, type LiveSocket, postJson, type SentMessage, sleep, waitForDeliveries } from './live-sockets.js';
import { loadSnapshot, type MachineLoad, machineLoad, readUsage, type ServerLoad, serverLoad } from '../harness/load.js';
import type { BenchConversation, BenchReady } from './protocol.js';
import { type Distribution, distribution, mapLimit } from '../harness/stats.js';

/**
 * One burst of messages: `rounds` messages in every conversation. Closed loop: at most
 * `concurrency` POSTs in flight, the next starts when one answers. Open loop (`ratePerSecond`):
 * a POST starts every 1/rate s whatever the answers (`concurrency` then only caps the connections).
 */
export interface LivePhase {
  name: string;
  rounds: number;
  concurrency: number;
  ratePerSecond?: number;
  /** Reported, checked for exactly-once, but not the figure the targets are about. */
  warmup?: boolean;
}

export interface PhaseFigures extends LivePhase {
  messages: number;
  sendMs: number;
  /** performance.now() before the POST -> the other party's socket got the frame. */
  deliveryMs: Distribution;
  /** POST round trip (the server publishes before it answers). */
  postMs: Distribution;
  server: ServerLoad;
  machine: MachineLoad;
}

export interface LiveOptions {
  /** Run in order on the same sockets; the first that is not a warm-up is the headline figure. */
  phases: LivePhase[];
  /** Upgrades in flight at once while connecting. */
  connectConcurrency: number;
  /** After the last POST answered, how long deliveries may still take. */
  deliveryTimeoutMs: number;
  /** Then this long more, so duplicates and strays have time to show up. */
  settleMs: number;
}

export interface LiveFigures {
  sockets: number;
  conversations: number;
  connectMs: number;
  phases: PhaseFigures[];
  /** Messages POSTed (every phase); `sent` of them answered 201. */
  attempted: number;
  sent: number;
  sendFailures: { status: number | string; count: number }[];
  /** Other party's socket got it (at least once) / should have. */
  delivered: number;
  expected: number;
  missing: number;
  /** Frames beyond the first of one message on one socket (other party or sender). */
  duplicates: number;
  /** Frames on a socket whose user is not in that conversation, or with the wrong conversationId. */
  misdeliveries: number;
  /** Frames naming a message nobody sent, or whose id differs from the POST's answer. */
  unknownFrames: number;
  idMismatches: number;
  /** Frames of other types (status); none are expected. */
  otherFrames: number;
  /** The sender's own socket got its message (the server sends to both participants). */
  echoedToSender: number;
  socketsClosedEarly: number;
  exactlyOnce: boolean;
  /** Raw per-message figures for the results file. */
  raw: { phase: string; conversationId: number; senderId: number; status: number | string; postMs: number; deliveryMs: number | null }[];
}

export async function runLive(ready: BenchReady, options: LiveOptions): Promise<LiveFigures> {
  const wsBase = `ws://127.0.0.1:${ready.ports.api}`;
  const byContent = new Map<string, SentMessage>();
  const counters = { duplicates: 0, misdeliveries: 0, unknownFrames: 0, otherFrames: 0, socketsClosedEarly: 0 };
  let finished = false;

  const parties = ready.live.flatMap((conversation: BenchConversation) => [
    { conversationId: conversation.conversationId, ...conversation.citizen },
    { conversationId: conversation.conversationId, ...conversation.employee },
  ]);

  // -- connect every socket -------------------------------------------------------------------
  const connectStarted = performance.now();
  const sockets: LiveSocket[] = [];
  try {
    await mapLimit(parties, options.connectConcurrency, async (party) => {
      const ws = await connect(wsBase, party.token);
      const socket: LiveSocket = { ws, userId: party.userId, conversationId: party.conversationId };
      sockets.push(socket);
      ws.on('message', (data) => onFrame(socket, data, performance.now()));
      ws.on('close', () => {
        if (!finished) counters.socketsClosedEarly += 1;
      });
    });
  } catch (error) {
    finished = true;
    await closeAll(sockets);
    throw new Error(`could not open all ${parties.length} WebSockets (${sockets.length} open): ${String(error)}`);
  }
  const connectMs = performance.now() - connectStarted;
  await sleep(200);

  function onFrame(socket: LiveSocket, data: WebSocket.RawData, at: number) {
    let frame: { type?: unknown; conversationId?: unknown; message?: { id?: unknown; content?: unknown } };
    try {
      frame = JSON.parse(String(data)) as typeof frame;
    } catch {
      counters.unknownFrames += 1;
      return;
    }
    if (frame.conversationId !== socket.conversationId) {
      counters.misdeliveries += 1;
      return;
    }
    if (frame.type !== 'message') {
      counters.otherFrames += 1;
      return;
    }
    const sent = typeof frame.message?.content === 'string' ? byContent.get(frame.message.content) : undefined;
    if (!sent) {
      counters.unknownFrames += 1;
      return;
    }
    if (sent.conversationId !== socket.conversationId) {
      counters.misdeliveries += 1;
      return;
    }
    if (typeof frame.message?.id === 'number') sent.frameIds.add(frame.message.id);
    const list = socket.userId === sent.receiverId ? sent.deliveredAt : socket.userId === sent.senderId ? sent.echoedAt : null;
    if (!list) {
      counters.misdeliveries += 1;
      return;
    }
    if (list.length > 0) counters.duplicates += 1;
    list.push(at);
  }

  // -- send: round r sends one message in every conversation, citizen and employee by turns ----
  const runTag = Math.random().toString(36).slice(2, 8);
  const usageUrl = `http://127.0.0.1:${ready.ports.hello}/usage`;
  const plan: SentMessage[] = [];
  const phases: PhaseFigures[] = [];
  let roundIndex = 0;
  // One keep-alive pool for every phase: the warm-up opens the connections the next phases reuse.
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(...options.phases.map((phase) => phase.concurrency)) });
  try {
    for (const phase of options.phases) {
      const batch: SentMessage[] = [];
      for (let phaseRound = 0; phaseRound < phase.rounds; phaseRound += 1, roundIndex += 1) {
        for (const conversation of ready.live) {
          const fromCitizen = roundIndex % 2 === 0;
          const sender = fromCitizen ? conversation.citizen : conversation.employee;
          const receiver = fromCitizen ? conversation.employee : conversation.citizen;
          const message: SentMessage = {
            phase: phase.name,
            content: `bench ${runTag} conversation ${conversation.conversationId} message ${roundIndex + 1}: is there any news?`,
            conversationId: conversation.conversationId,
            senderId: sender.userId,
            senderToken: sender.token,
            receiverId: receiver.userId,
            startedAt: 0,
            postMs: 0,
            status: 'not sent',
            id: null,
            frameIds: new Set(),
            deliveredAt: [],
            echoedAt: [],
          };
          byContent.set(message.content, message);
          batch.push(message);
        }
      }
      plan.push(...batch);

      const before = await readUsage(usageUrl);
      const machineBefore = loadSnapshot();
      const sendStarted = performance.now();
      const send = async (message: SentMessage) => {
        const path = `/api/conversations/${message.conversationId}/messages/send`;
        const body = { conversationId: message.conversationId, senderId: message.senderId, content: message.content, sentAt: new Date().toISOString() };
        message.startedAt = performance.now();
        try {
          const response = await postJson(agent, ready.ports.api, path, message.senderToken, body);
          message.postMs = performance.now() - message.startedAt;
          message.status = response.status;
          if (response.status === 201) message.id = (JSON.parse(response.text) as { id: number }).id;
        } catch (error) {
          message.postMs = performance.now() - message.startedAt;
          message.status = error instanceof Error ? error.message : String(error);
        }
      };
      if (phase.ratePerSecond) {
        const intervalMs = 1000 / phase.ratePerSecond;
        const inFlight: Promise<void>[] = [];
        for (const [index, message] of batch.entries()) {
          const wait = sendStarted + index * intervalMs - performance.now();
          if (wait >= 1) await sleep(wait);
          inFlight.push(send(message));
        }
        await Promise.all(inFlight);
      } else {
        await mapLimit(batch, phase.concurrency, send);
      }
      const sendMs = performance.now() - sendStarted;
      const machineAfter = loadSnapshot();
      const after = await readUsage(usageUrl);
      const server = serverLoad(before, after, batch.length, sendMs);
      await waitForDeliveries(batch, options.deliveryTimeoutMs);
      const ok = batch.filter((message) => message.status === 201);
      phases.push({
        ...phase,
        messages: batch.length,
        sendMs,
        deliveryMs: distribution(ok.flatMap((message) => (message.deliveredAt[0] === undefined ? [] : [message.deliveredAt[0] - message.startedAt]))),
        postMs: distribution(ok.map((message) => message.postMs)),
        server,
        machine: machineLoad(machineBefore, machineAfter, server.cores),
      });
    }

    // A little longer, so duplicates and strays have time to show up.
    await sleep(options.settleMs);
  } finally {
    finished = true;
    agent.destroy();
    await closeAll(sockets);
  }

  const ok = plan.filter((message) => message.status === 201);

  const failures = new Map<number | string, number>();
  for (const message of plan) if (message.status !== 201) failures.set(message.status, (failures.get(message.status) ?? 0) + 1);
  const delivered = ok.filter((message) => message.deliveredAt.length > 0);
  const idMismatches = plan.filter(
    (message) => message.frameIds.size > 1 || (message.frameIds.size === 1 && !message.frameIds.has(message.id ?? -1)),
  ).length;
  const missing = ok.length - delivered.length;
  const exactlyOnce =
    failures.size === 0 &&
    missing === 0 &&
    counters.duplicates === 0 &&
    counters.misdeliveries === 0 &&
    counters.unknownFrames === 0 &&
    idMismatches === 0 &&
    counters.socketsClosedEarly === 0;

  return {
    sockets: sockets.length,
    conversations: ready.live.length,
    connectMs,
    phases,
    attempted: plan.length,
    sent: ok.length,
    sendFailures: [...failures].map(([status, count]) => ({ status, count })),
    delivered: delivered.length,
    expected: plan.length,
    missing,
    duplicates: counters.duplicates,
    misdeliveries: counters.misdeliveries,
    unknownFrames: counters.unknownFrames,
    idMismatches,
    otherFrames: counters.otherFrames,
    echoedToSender: ok.filter((message) => message.echoedAt.length > 0).length,
    socketsClosedEarly: counters.socketsClosedEarly,
    exactlyOnce,
    raw: plan.map((message) => ({
      phase: message.phase,
      conversationId: message.conversationId,
      senderId: message.senderId,
      status: message.status,
      postMs: message.postMs,
      deliveryMs: message.deliveredAt[0] === undefined ? null : message.deliveredAt[0] - message.startedAt,
    })),
  };
}
