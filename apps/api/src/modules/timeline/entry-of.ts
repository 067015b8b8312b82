import { isStaffOnlyTimelineType, type PortalEvent, type TimelineMatter } from '@portal/contract';

/** A timeline row as the subscriber writes it. */
export interface NewTimelineEntry {
  matter: TimelineMatter;
  matterId: number;
  ownerId: number;
  eventType: string;
  at: string;
  actorId: number;
  facts: Record<string, string | number | boolean | null>;
  staffOnly: boolean;
}

type Facts = NewTimelineEntry['facts'];

/** What every event or matter carries anyway (the row's own columns), or what must not be copied. */
const NOT_A_FACT = new Set(['type', 'at', 'actorId', 'actorLanguage', 'letterId', 'caseId', 'ownerId', 'subject', 'caseType', 'vehicleNumberPlate',
  // Words of the citizen or of staff that stay in their own module's tables (the letter, a message, a comment).
  'content', 'message', 'comments', 'participants', 'vehicle', 'farewell']);
/** A fact longer than this is not copied (a generic event's free text belongs to its own module). */
const FACT_MAX = 2_000;

/** The plain top-level values of an event type the timeline has no words for (the neutral line's facts). */
function genericFacts(event: PortalEvent): Facts {
  const facts: Facts = {};
  for (const [key, value] of Object.entries(event)) {
    if (NOT_A_FACT.has(key)) continue;
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) facts[key] = value;
    else if (typeof value === 'string' && value.length <= FACT_MAX) facts[key] = value;
  }
  return facts;
}

/** The facts of the types the web words specifically; the others keep their plain values. */
function factsOf(event: PortalEvent): Facts {
  switch (event.type) {
    case 'letter-sent':
      return { department: event.department, conversationId: event.conversationId };
    case 'message-sent':
      // Who wrote, never what: the messages stay in the chat.
      return { from: event.message.senderId === event.ownerId ? 'citizen' : 'office' };
    case 'case-status-changed':
      return { before: event.before, after: event.after, reason: event.reason };
    case 'document-added':
      return { name: event.name, size: event.size };
    case 'letter-rated':
      return { helpful: event.helpful };
    default:
      return genericFacts(event);
  }
}

/**
 * The row an event earns: every event that names a letter or a case (its `letterId` or `caseId`),
 * including types added after this module; none for an account's or an obligation's events.
 * Internal notes (and any type named a note) are marked staff only.
 */
export function timelineEntryOf(event: PortalEvent): NewTimelineEntry | null {
  const matter: { matter: TimelineMatter; matterId: number } | null =
    'letterId' in event ? { matter: 'letter', matterId: event.letterId } : 'caseId' in event ? { matter: 'case', matterId: event.caseId } : null;
  if (!matter || !('ownerId' in event)) return null;
  return {
    ...matter,
    ownerId: event.ownerId,
    eventType: event.type,
    at: event.at,
    actorId: event.actorId,
    facts: factsOf(event),
    staffOnly: isStaffOnlyTimelineType(event.type),
  };
}
