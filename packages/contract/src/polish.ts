/**
 * A domain's messages in Polish: the same keys as its English messages, each a string (a message
 * the web fills in, like 'Password reset link sent to {email}', is written with the web's
 * placeholder: '{{email}}'). Stands beside the English in each domain's file.
 */
export type PolishTexts<T> = { readonly [K in keyof T]: string };

const polishPlural = new Intl.PluralRules('pl');

/**
 * A count of characters (or digits) in Polish, with the noun's form that number takes: '1 znak',
 * '22 znaki', '20 znaków'. Messages build their limits from the contract's constants with it, so a
 * limit is written once and its Polish stays grammatical when the number changes.
 */
export function polishCount(count: number, forms: { one: string; few: string; many: string }): string {
  const category = polishPlural.select(count);
  return `${count} ${category === 'one' || category === 'few' ? forms[category] : forms.many}`;
}

export const POLISH_CHARACTERS = { one: 'znak', few: 'znaki', many: 'znaków' } as const;
export const POLISH_DIGITS = { one: 'cyfra', few: 'cyfry', many: 'cyfr' } as const;
