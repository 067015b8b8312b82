import { localeOf } from './locale';

/** A number with the language's separators, at most `digits` decimals ("1,234.5" / "1 234,5"). */
export function formatNumber(value: number, language: string, digits = 2): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: digits }).format(value);
}

/** A file size in KB or MB, one decimal at most ("840 KB", "4.8 MB"; Polish uses a comma). */
export function formatFileSize(bytes: number, language: string): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), language, 0)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), language, 1)} MB`;
}
