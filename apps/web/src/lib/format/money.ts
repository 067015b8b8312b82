import { CURRENCY } from '@portal/contract';
import { numberFormat } from './numbers';

/**
 * An amount as its readers expect it: "1 234,56 zł" in Polish, "1,234.56 PLN" in English. The
 * amount is the API's exact decimal text (or grosze summed as integers): Intl formats the text
 * itself, so no float ever rounds it. Groups always (Polish leaves 4-digit numbers ungrouped by
 * default, "1234,56", which reads worse in a column of amounts) and a no-break space keeps the
 * currency with its number.
 */
export function formatAmount(decimal: string, language: string): string {
  const number = numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(decimal as `${number}`);
  return `${number}\u00a0${language === 'pl' ? 'zł' : CURRENCY}`;
}
