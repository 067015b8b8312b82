import { type FormatLanguage, formatLanguageOf } from './locale';
import { formatNumber } from './numbers';

// A unit's name after a number, by the number's plural category (CLDR's long unit names).
const UNIT_NAMES = {
  en: { day: { one: 'day', other: 'days' }, hour: { one: 'hour', other: 'hours' }, minute: { one: 'minute', other: 'minutes' } },
  pl: {
    day: { one: 'dzień', few: 'dni', many: 'dni', other: 'dnia' },
    hour: { one: 'godzina', few: 'godziny', many: 'godzin', other: 'godziny' },
    minute: { one: 'minuta', few: 'minuty', many: 'minut', other: 'minuty' },
  },
} as const;

// Plural rules hold no locale data a formatter needs, so the first one in a tab is far cheaper
// than a date or number formatter (bench/README.md): made once per language.
const pluralRules = new Map<FormatLanguage, Intl.PluralRules>();
function pluralOf(count: number, language: FormatLanguage): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language === 'pl' ? 'pl-PL' : 'en-GB')));
  return rules.select(count);
}

type Unit = 'day' | 'hour' | 'minute';

/** "2 days", "1 godzina", "5 minut". */
function unit(count: number, name: Unit, language: string): string {
  const formatLanguage = formatLanguageOf(language);
  const names: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string } = UNIT_NAMES[formatLanguage][name];
  return `${formatNumber(count, language, 0)} ${names[pluralOf(count, formatLanguage)] ?? names.other}`;
}

const MINUTE_MS = 60_000;

/**
 * How long something has waited since `since`, in its two largest units with the language's own
 * plurals ("2 days 3 hours", "1 godzina 5 minut"); undefined under a minute (or for a bad date).
 */
export function formatWaitingTime(since: string, language: string, now: Date = new Date()): string | undefined {
  const start = new Date(since).getTime();
  if (Number.isNaN(start)) return undefined;
  const minutes = Math.floor((now.getTime() - start) / MINUTE_MS);
  if (minutes < 1) return undefined;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return hours > 0 ? `${unit(days, 'day', language)} ${unit(hours, 'hour', language)}` : unit(days, 'day', language);
  if (hours > 0) return minutes % 60 > 0 ? `${unit(hours, 'hour', language)} ${unit(minutes % 60, 'minute', language)}` : unit(hours, 'hour', language);
  return unit(minutes, 'minute', language);
}
