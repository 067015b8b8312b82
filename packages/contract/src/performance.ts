// How the office performs (issue 33 points 8 and 9): the admins' dashboard per department and
// week, and the public page of the last 12 months. Words and numbers only; the zod schemas are
// in performance-schemas.ts, the figures are counted on the server.
import { DEPARTMENTS } from './letters.js';

/** The dashboard's weeks: the current Monday-to-Sunday week in Warsaw and the 11 before it. */
export const PERFORMANCE_WEEKS = 12;
/** The public page's span: the 12 months up to today. */
export const PUBLIC_PERFORMANCE_MONTHS = 12;
/** A public figure stands on at least this many matters; fewer is "not enough data". */
export const PUBLIC_MINIMUM_MATTERS = 10;

/**
 * The units the figures are counted for: letters per department they were written to, and case
 * resolutions (which have no department) as a unit of their own.
 */
export const CASES_UNIT = 'Case Resolutions';
export const PERFORMANCE_UNITS = [...DEPARTMENTS, CASES_UNIT] as const;
export type PerformanceUnit = (typeof PERFORMANCE_UNITS)[number];

/** The CSV columns of the dashboard (one row per unit and week) and of the public open data. */
export const DASHBOARD_CSV_COLUMNS = [
  'unit',
  'week_start',
  'received',
  'resolved',
  'median_hours_to_first_reply',
  'median_hours_to_decision',
  'open_now',
  'overdue_now',
  'ratings_helpful',
  'ratings_not_helpful',
] as const;
export const PUBLIC_CSV_COLUMNS = ['unit', 'from', 'to', 'received', 'resolved', 'median_days_to_answer'] as const;
