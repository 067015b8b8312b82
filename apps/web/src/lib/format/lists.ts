import { localeOf } from './locale';

/**
 * Names joined as a sentence in the reader's language: "Employee and Admin", "Employee, Admin and
 * User" / "Pracownik i Administrator". Outside the screen-kit file (vite.config.ts): the shell's
 * 'Unauthorized' page uses it, on every screen.
 */
export function formatList(items: readonly string[], language: string): string {
  return new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(items);
}
