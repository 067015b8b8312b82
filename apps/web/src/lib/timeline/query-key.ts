import type { TimelineMatter } from '@portal/contract';

/**
 * A matter's timeline in the query cache, apart from its fetch so a feature that changes a matter
 * (an answer, a delivery, an appeal) can have it read again without loading the timeline's code.
 */
export const timelineQueryKey = (matter: TimelineMatter, id: number) => ['timeline', matter, id] as const;
