import { CURRENCY } from '@portal/contract';
import { decimalOfText, writeDecimal } from './numbers';

/**
 * An amount as its readers expect it: "1 234,56 zł" in Polish, "1,234.56 PLN" in English. The
 * amount is the API's exact decimal text (or grosze summed as integers), written digit by digit, so
 * no float ever rounds it. Groups always (Polish leaves 4-digit numbers ungrouped elsewhere,
 * "1234,56", which reads worse in a column of amounts) and a no-break space keeps the currency with
 * its number. A text that is no amount is shown as it is.
 */
export function formatAmount(decimal: string, language: string): string {
  const digits = decimalOfText(decimal);
  const number = digits ? writeDecimal(digits, language, { minimumFractionDigits: 2, maximumFractionDigits: 2, alwaysGroup: true }) : decimal;
  return `${number}\u00a0${language === 'pl' ? 'zł' : CURRENCY}`;
}
