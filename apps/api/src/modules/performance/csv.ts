import {
  DASHBOARD_CSV_COLUMNS,
  type PerformanceDashboardResponse,
  PUBLIC_CSV_COLUMNS,
  type PublicPerformanceResponse,
} from '@portal/contract';

// The dashboard and the open data as CSV: RFC 4180, a byte order mark so spreadsheets read UTF-8,
// empty cells where a figure is null. Every cell is a unit name, a date or a number the server
// counted, so none can start a spreadsheet formula.

type Cell = string | number | null;
const field = (value: Cell) => {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const lines = (header: readonly string[], rows: Cell[][]) => `\uFEFF${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;

export function dashboardCsv(answer: PerformanceDashboardResponse): string {
  return lines(
    DASHBOARD_CSV_COLUMNS,
    answer.units.flatMap((unit) =>
      unit.weeks.map((week) => [
        unit.unit,
        week.weekStart,
        week.received,
        week.resolved,
        week.medianHoursToFirstReply,
        week.medianHoursToDecision,
        unit.openNow,
        unit.overdueNow,
        unit.ratings?.helpful ?? null,
        unit.ratings?.notHelpful ?? null,
      ]),
    ),
  );
}

export function publicCsv(answer: PublicPerformanceResponse): string {
  return lines(
    PUBLIC_CSV_COLUMNS,
    answer.units.map((unit) => [unit.unit, answer.from, answer.to, unit.received, unit.resolved, unit.medianDaysToAnswer]),
  );
}
