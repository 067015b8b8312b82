import type { RealtimeClientCommand, RealtimeEvent } from '@portal/contract';
import type { RealtimeBus, RealtimeLogger } from './bus.js';
import { publishLiveEvent, publishSessionsEnded } from './live-events.js';

/** A kind of live topic a module publishes on: its bus topics are `${kind}:${id}` ('case:12'). */
export interface LiveTopic {
  kind: string;
  /** The module that publishes it (named when a second module claims the kind). */
  module: string;
  /**
   * For a kind that sockets may follow with the subscribe/unsubscribe commands: the id a command
   * names (undefined: the command is not about this kind). Whether the caller may follow it stays
   * the access policy's liveCommandPolicy, whose resource check the module registers.
   */
  followedBy?: (command: RealtimeClientCommand) => number | undefined;
}

/** Puts an event on the bus for the given users' sockets (and, with toStaff, every staff socket). */
export type LivePublisher = (id: number, event: RealtimeEvent, participants: readonly number[], options?: { toStaff?: boolean }) => void;

/**
 * The topics of the one WebSocket hub (hub.ts), filled by the modules in their `setup`. The hub
 * belongs to the server, not to a module: a module left out of the list takes only its own
 * topics with it, never another module's live updates.
 */
export class LiveTopics {
  private readonly kinds = new Map<string, LiveTopic>();

  constructor(
    private readonly bus: RealtimeBus,
    private readonly log: Pick<RealtimeLogger, 'warn'>,
  ) {}

  /** Declares a kind of topic and returns its publisher; a kind is one module's. */
  register(topic: LiveTopic): LivePublisher {
    const owner = this.kinds.get(topic.kind);
    if (owner) throw new Error(`Live topic "${topic.kind}" is registered by module "${owner.module}" already`);
    this.kinds.set(topic.kind, topic);
    return (id, event, participants, options = {}) =>
      publishLiveEvent(this.bus, this.log, liveTopicName(topic.kind, id), event, participants, options.toStaff ?? false);
  }

  /** The bus topic a subscribe/unsubscribe command names, or undefined when no module lets it be followed. */
  followed(command: RealtimeClientCommand): string | undefined {
    for (const topic of this.kinds.values()) {
      const id = topic.followedBy?.(command);
      if (id !== undefined) return liveTopicName(topic.kind, id);
    }
    return undefined;
  }

  /**
   * A person's sessions were ended: every API process re-checks that person's open sockets now,
   * not at their next heartbeat. Call it after the change committed.
   */
  sessionsEnded(userId: number): void {
    publishSessionsEnded(this.bus, this.log, userId);
  }

  /** The registered kinds, in registration order. */
  list(): readonly string[] {
    return [...this.kinds.keys()];
  }
}

export const liveTopicName = (kind: string, id: number) => `${kind}:${id}`;
