import { z } from 'zod/mini';
import { PERFORMANCE_UNITS } from './performance.js';

// The answers of the performance routes (performance.ts holds their numbers and units).

const count = z.number().check(z.int(), z.gte(0));
/** A median, null when no matter stands behind it. */
const median = z.nullable(z.number());

export const performanceWeek = z.object({
  /** The week's Monday, 'YYYY-MM-DD' in Warsaw. */
  weekStart: z.string(),
  /** Letters or cases that arrived that week. */
  received: count,
  /** Conversations resolved / cases decided that week. */
  resolved: count,
  /** Of the first replies given that week (a clerk's first message; a case's first status change): the median time from arrival. */
  medianHoursToFirstReply: median,
  /** Of the matters resolved that week: the median time from arrival to resolution. */
  medianHoursToDecision: median,
});
export type PerformanceWeek = z.infer<typeof performanceWeek>;

/** Ratings of resolved letters: null until the letters module counts them (issue 32 point 8). */
export const performanceRatings = z.nullable(z.object({ helpful: count, notHelpful: count }));

export const performanceUnitFigures = z.object({
  unit: z.enum(PERFORMANCE_UNITS),
  /** Not yet resolved or decided, now. */
  openNow: count,
  /** Open and past the last day of the office's term (the legal clock), now. */
  overdueNow: count,
  ratings: performanceRatings,
  /** Oldest week first. */
  weeks: z.array(performanceWeek),
});
export type PerformanceUnitFigures = z.infer<typeof performanceUnitFigures>;

/** GET /api/admin/performance. */
export const performanceDashboardResponse = z.object({
  generatedAt: z.string(),
  units: z.array(performanceUnitFigures),
});
export type PerformanceDashboardResponse = z.infer<typeof performanceDashboardResponse>;

/** A public figure is null when fewer matters than PUBLIC_MINIMUM_MATTERS stand behind it. */
export const publicUnitFigures = z.object({
  unit: z.enum(PERFORMANCE_UNITS),
  received: z.nullable(count),
  resolved: z.nullable(count),
  /** Of the matters resolved in the span: the median days from arrival to the answer. */
  medianDaysToAnswer: median,
});
export type PublicUnitFigures = z.infer<typeof publicUnitFigures>;

/** GET /api/public/performance: open data, no person in it. */
export const publicPerformanceResponse = z.object({
  generatedAt: z.string(),
  /** The span, 'YYYY-MM-DD' in Warsaw, both days included. */
  from: z.string(),
  to: z.string(),
  minimumMatters: count,
  units: z.array(publicUnitFigures),
});
export type PublicPerformanceResponse = z.infer<typeof publicPerformanceResponse>;
