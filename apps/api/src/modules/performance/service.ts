import {
  PERFORMANCE_UNITS,
  type PerformanceDashboardResponse,
  type PerformanceUnit,
  PUBLIC_MINIMUM_MATTERS,
  type PublicPerformanceResponse,
} from '@portal/contract';
import type { OpenFigures, SpanFigures } from '../../db/aggregates.js';
import { warsawDateOf } from '../../plugins/legal-clock/terms.js';
import type { PerformanceLettersPort, PerformanceOpenPort } from '../../ports/performance.js';
import type { PerformanceSamples } from './samples.js';
import { dashboardWeeks, publicSpan } from './spans.js';

export interface PerformanceSources {
  /** Open now and overdue now (the letters' and cases' status indexes), and the letters' ratings. */
  letters: PerformanceLettersPort;
  cases: PerformanceOpenPort;
  /** The module's own rows: arrivals, first replies, decisions (samples.ts). */
  samples: Pick<PerformanceSamples, 'figures'>;
  now: () => Date;
}

/** The public answer is the same for everyone: counted once per this span, then served from memory. */
export const PUBLIC_CACHE_SECONDS = 300;

const roundTo1 = (value: number) => Math.round(value * 10) / 10;
const hours = (seconds: number | null) => (seconds === null ? null : roundTo1(seconds / 3_600));
const days = (seconds: number | null) => (seconds === null ? null : roundTo1(seconds / 86_400));
const enough = (count: number) => count >= PUBLIC_MINIMUM_MATTERS;

/**
 * The office's performance (issue 33 points 8 and 9). The spans' counts and medians come from the
 * module's own rows (samples.ts), one row per unit and span; the letters and cases modules count
 * what is open now over their status indexes. Here they are laid out as weeks for the admins and
 * as one public span for anyone.
 */
export function createPerformanceService({ letters, cases, samples, now }: PerformanceSources) {
  let publicCache: { until: number; answer: PublicPerformanceResponse } | undefined;

  const figures = (bounds: readonly string[]): Promise<SpanFigures[]> => samples.figures(bounds);

  return {
    async dashboard(): Promise<PerformanceDashboardResponse> {
      const at = now();
      const { starts, bounds } = dashboardWeeks(at);
      // Overdue: the stored due date (each module keeps it to its one composition) ended before today in Warsaw.
      const today = warsawDateOf(at);
      const [spans, open, ratings] = await Promise.all([
        figures(bounds),
        Promise.all([letters.openFigures(today), cases.openFigures(today)]).then((parts): OpenFigures[] => parts.flat()),
        letters.ratingCounts ? letters.ratingCounts(bounds[0] ?? at.toISOString(), at.toISOString()) : Promise.resolve(null),
      ]);
      return {
        generatedAt: at.toISOString(),
        units: PERFORMANCE_UNITS.map((unit: PerformanceUnit) => {
          const openRow = open.find((row) => row.unit === unit);
          const rated = ratings?.find((row) => row.department === unit);
          return {
            unit,
            openNow: openRow?.open ?? 0,
            overdueNow: openRow?.overdue ?? 0,
            ratings: rated ? { helpful: rated.helpful, notHelpful: rated.notHelpful } : null,
            weeks: starts.map((weekStart, span) => {
              const row = spans.find((entry) => entry.unit === unit && entry.span === span);
              return {
                weekStart,
                received: row?.received ?? 0,
                resolved: row?.resolved ?? 0,
                medianHoursToFirstReply: hours(row?.medianSecondsToFirstReply ?? null),
                medianHoursToDecision: hours(row?.medianSecondsToDecision ?? null),
              };
            }),
          };
        }),
      };
    },

    /** Counts and medians of fewer than PUBLIC_MINIMUM_MATTERS matters are left out (null): "not enough data". */
    async publicFigures(): Promise<PublicPerformanceResponse> {
      const at = now();
      if (publicCache && publicCache.until > at.getTime()) return publicCache.answer;
      const { from, to, bounds } = publicSpan(at);
      const spans = await figures(bounds);
      const answer: PublicPerformanceResponse = {
        generatedAt: at.toISOString(),
        from,
        to,
        minimumMatters: PUBLIC_MINIMUM_MATTERS,
        units: PERFORMANCE_UNITS.map((unit) => {
          const row = spans.find((entry) => entry.unit === unit);
          const received = row?.received ?? 0;
          const resolved = row?.resolved ?? 0;
          return {
            unit,
            received: enough(received) ? received : null,
            resolved: enough(resolved) ? resolved : null,
            medianDaysToAnswer: enough(resolved) ? days(row?.medianSecondsToDecision ?? null) : null,
          };
        }),
      };
      publicCache = { until: at.getTime() + PUBLIC_CACHE_SECONDS * 1000, answer };
      return answer;
    },
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
