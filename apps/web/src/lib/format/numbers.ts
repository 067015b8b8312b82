import { localeOf } from './locale';

// As with dates: building an Intl.NumberFormat costs far more than using one, and a list of
// obligations formats an amount per card (a new formatter per amount took ~30 ms of the Financial
// Obligations screen's first render on the bench): each kind is made once per locale.
const formats = new Map<string, Intl.NumberFormat>();
export function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = localeOf(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** A number with the language's separators, at most `digits` decimals ("1,234.5" / "1 234,5"). */
export function formatNumber(value: number, language: string, digits = 2): string {
  return numberFormat(language, { maximumFractionDigits: digits }).format(value);
}

/** A file size in KB or MB, one decimal at most ("840 KB", "4.8 MB"; Polish uses a comma). */
export function formatFileSize(bytes: number, language: string): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), language, 0)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), language, 1)} MB`;
}
