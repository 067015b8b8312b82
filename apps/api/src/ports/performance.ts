import type { Department } from '@portal/contract';
import type { OpenFigures } from '../db/aggregates.js';

/*
 * What the performance module (modules/performance) asks of the letters and cases modules: what is
 * open now, over their own tables (the spans' figures are the module's own rows); their services
 * satisfy these.
 */

export interface PerformanceOpenPort {
  /** Per unit: matters open now, and of those the ones whose stored due date is before `today` (Warsaw, YYYY-MM-DD). */
  openFigures(today: string): Promise<OpenFigures[]>;
}

/**
 * The letters module's count of its ratings (issue 32 point 8, another change): when its service
 * has `ratingCounts`, the dashboard shows them; until then each unit's ratings are null ("no
 * ratings yet").
 */
export interface RatingCountsPort {
  ratingCounts(fromIso: string, toIso: string): Promise<readonly { department: Department; helpful: number; notHelpful: number }[]>;
}

export type PerformanceLettersPort = PerformanceOpenPort & Partial<RatingCountsPort>;
