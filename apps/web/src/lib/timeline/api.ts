import { type TimelineMatter, type TimelineResponse, timelineResponse } from '@portal/contract';
import { http } from '../http';

export { timelineQueryKey } from './query-key';

/** A letter's (by its id, `L-n`) or a case's timeline, oldest first. */
export const fetchTimeline = (matter: TimelineMatter, id: number): Promise<TimelineResponse> =>
  http.get(`/api/timeline/${matter === 'letter' ? 'letters' : 'cases'}/${id}`, timelineResponse);
