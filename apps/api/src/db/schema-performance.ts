/** The performance module's own table (issue 33 points 8 and 9; migration 0065). */

/**
 * One moment of a letter or a case the dashboard counts: its arrival, staff's first reply (a
 * letter) or first action (a case), and its decision (a letter's resolution, a case's first
 * decision), each with the unit it counts for now and the seconds since the arrival. No person.
 */
export interface PerformanceSamplesTable {
  /** 'letter' (matter_id: the conversation's id) or 'case' (the case's id). */
  matter: string;
  matter_id: number;
  /** 'received', 'first-reply' or 'decision'. */
  kind: string;
  /** The letter's department now (a transfer moves it), or the cases' one unit. */
  unit: string;
  /** When it happened, ISO 8601 UTC. */
  at: string;
  /** Seconds from the arrival; null for the arrival itself. */
  secs: number | null;
}

export interface PerformanceTables {
  performance_samples: PerformanceSamplesTable;
}
