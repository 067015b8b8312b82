/** A moment as a person reads it in the page's language: "1 Mar 2025, 09:15" / "1 mar 2025, 09:15". */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'pl' ? 'pl-PL' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A calendar date (YYYY-MM-DD) without shifting it through a time zone. */
export function formatDate(isoDate: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language === 'pl' ? 'pl-PL' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A file size in KB or MB, one decimal at most ("840 KB", "4.8 MB"; Polish uses a comma). */
export function formatFileSize(bytes: number, language: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(language === 'pl' ? 'pl-PL' : 'en-GB', { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024 * 1024) return `${number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}
