import { type TimelineMatter, type TimelineResponse, timelineResponse } from '@portal/contract';
import { http } from '../http';

export const timelineQueryKey = (matter: TimelineMatter, id: number) => ['timeline', matter, id] as const;

/** A letter's (by its id, `L-n`) or a case's timeline, oldest first. */
export const fetchTimeline = (matter: TimelineMatter, id: number): Promise<TimelineResponse> =>
  http.get(`/api/timeline/${matter === 'letter' ? 'letters' : 'cases'}/${id}`, timelineResponse);
