import { formatLanguageOf } from './locale';

/** How each language writes a number (CLDR): its separators, and from how many integer digits it groups them. */
const NUMBER_STYLES = {
  en: { group: ',', decimal: '.', minimumGroupingDigits: 1 },
  // A no-break space between groups, and a 4-digit number left whole: "1234", "12 345".
  pl: { group: '\u00a0', decimal: ',', minimumGroupingDigits: 2 },
} as const;

/** A number as decimal digits: what is written, never a float's arithmetic. */
type Decimal = { readonly negative: boolean; readonly integer: string; readonly fraction: string };

type NumberOptions = { minimumFractionDigits: number; maximumFractionDigits: number; alwaysGroup?: boolean };

function withoutLeadingZeros(digits: string): string {
  let start = 0;
  while (start < digits.length - 1 && digits[start] === '0') start += 1;
  return digits.slice(start);
}

/** A finite number's digits as JavaScript writes it (the shortest text that reads back as the same number, as Intl uses), with no exponent. */
function decimalOfNumber(value: number): Decimal {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole = '', part = ''] = mantissa.split('.');
  const digits = whole + part;
  const point = whole.length + Number(exponent);
  const integer = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const fraction = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  return { negative: value < 0 || Object.is(value, -0), integer: withoutLeadingZeros(integer), fraction };
}

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "-1234.50" as digits, or undefined for anything that is no plain decimal text. */
export function decimalOfText(text: string): Decimal | undefined {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return undefined;
  return { negative: match[1] === '-', integer: withoutLeadingZeros(match[2] ?? '0'), fraction: match[3] ?? '' };
}

/** One added to the last digit, carried as far as it goes: "0999" -> "1000", "99" -> "100". */
function plusOne(digits: string): string {
  let at = digits.length - 1;
  while (at >= 0 && digits[at] === '9') at -= 1;
  if (at < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, at)}${Number(digits[at]) + 1}${'0'.repeat(digits.length - at - 1)}`;
}

/** At most `digits` decimals, a half rounded away from zero (Intl's default, halfExpand). */
function rounded({ negative, integer, fraction }: Decimal, digits: number): Decimal {
  if (fraction.length <= digits) return { negative, integer, fraction };
  const kept = `${integer}${fraction.slice(0, digits)}`;
  const result = (fraction[digits] ?? '0') >= '5' ? plusOne(kept) : kept;
  const integerLength = result.length - digits;
  return { negative, integer: result.slice(0, integerLength), fraction: result.slice(integerLength) };
}

function grouped(integer: string, separator: string, minimumGroupingDigits: number): string {
  if (integer.length < 3 + minimumGroupingDigits) return integer;
  const head = integer.length % 3 || 3;
  let text = integer.slice(0, head);
  for (let at = head; at < integer.length; at += 3) text += `${separator}${integer.slice(at, at + 3)}`;
  return text;
}

/** Digits in the reader's number style: rounded, padded, grouped and with the language's decimal sign. */
export function writeDecimal(decimal: Decimal, language: string, { minimumFractionDigits, maximumFractionDigits, alwaysGroup = false }: NumberOptions): string {
  const style = NUMBER_STYLES[formatLanguageOf(language)];
  const { negative, integer, fraction: kept } = rounded(decimal, maximumFractionDigits);
  let fraction = kept.padEnd(minimumFractionDigits, '0');
  while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const integerText = grouped(integer, style.group, alwaysGroup ? 1 : style.minimumGroupingDigits);
  return `${negative ? '-' : ''}${integerText}${fraction ? `${style.decimal}${fraction}` : ''}`;
}

/** A number with the language's separators, at most `digits` decimals ("1,234.5" / "12 345,5"). */
export function formatNumber(value: number, language: string, digits = 2): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value < 0 ? '-∞' : '∞';
  return writeDecimal(decimalOfNumber(value), language, { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

/** A file size in KB or MB, one decimal at most ("840 KB", "4.8 MB"; Polish uses a comma). */
export function formatFileSize(bytes: number, language: string): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), language, 0)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), language, 1)} MB`;
}
