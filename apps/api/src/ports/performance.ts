import type { Department } from '@portal/contract';
import type { OpenFigures, SpanFigures } from '../db/aggregates.js';

/*
 * The performance figures (modules/performance) as the letters and cases modules count them over
 * their own tables; their services satisfy these.
 */

export interface PerformanceFiguresPort {
  /** Per unit and span [bounds[i], bounds[i + 1]): arrivals, resolutions and the medians. */
  performanceFigures(bounds: readonly string[]): Promise<SpanFigures[]>;
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

export type PerformanceLettersPort = PerformanceFiguresPort & Partial<RatingCountsPort>;
