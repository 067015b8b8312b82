import { commonTranslations } from './common';
import { messageKeyByText, messageTranslations } from './messages';
import { COMMON_NS, MESSAGES_NS } from './namespaces';
import { addTranslations, changeLanguage, currentLanguage, onLanguageChange, startIn } from './store';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, type TranslationTree, type Translations } from './translations';
import { useTranslation } from './use-translation';

export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage, COMMON_NS, MESSAGES_NS, useTranslation };
export { i18n, type I18n } from './instance';
export { preloadLanguage, translationsReady } from './store';
export type { TFunction, TOptions } from './translate';
export type { Language, Translations, TranslationTree };
export type { PolishModule, SameKeys } from './translations';

export const LANGUAGE_STORAGE_KEY = 'portal.language';

function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    // English by default, whatever the browser prefers: the spec's texts are the reference.
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: Language) {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts until reload.
  }
}

startIn(storedLanguage());
addTranslations(COMMON_NS, commonTranslations);
addTranslations(MESSAGES_NS, messageTranslations);
document.documentElement.lang = currentLanguage();
onLanguageChange(applyLanguage);

/** The switch happens once the language's texts are in; if they cannot be fetched (offline), the screen stays as it is. */
export function setLanguage(language: Language): void {
  void changeLanguage(language).catch(() => undefined);
}

/**
 * A feature's texts in their own namespace. Call it at the top level of the feature's `i18n.ts`
 * and use the returned namespace in `useTranslation(ns)`: importing the namespace registers it.
 */
export function registerTranslations<T extends TranslationTree>(namespace: string, translations: Translations<T>): string {
  addTranslations(namespace, translations);
  return namespace;
}

/**
 * Contract messages that only some screens show (a flat group such as the closure's or the notes'):
 * registered by the feature that shows them, so every screen's first download does not carry them,
 * and shown in the current language by `useMessageText` like the shared ones. Idempotent.
 */
export function registerMessageGroup<T extends Readonly<Record<string, string>>>(namespace: string, translations: Translations<T>): string {
  if (messageGroups.has(namespace)) return namespace;
  messageGroups.add(namespace);
  addTranslations(namespace, translations);
  for (const [key, text] of Object.entries(translations.en)) {
    if (!messageKeyByText.has(text)) messageKeyByText.set(text, `${namespace}:${key}`);
  }
  return namespace;
}
const messageGroups = new Set<string>();

/**
 * Shows a contract message (a zod issue or an exact spec text) in the current language; a text the
 * contract does not know is shown as it is.
 */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined) return undefined;
    const key = messageKeyByText.get(message);
    return key ? t(key) : message;
  };
}
