import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { commonTranslations } from './common';
import { MESSAGES_NS, messageKeyByText, messageTranslations } from './messages';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, type TranslationTree, type Translations } from './translations';

export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage, MESSAGES_NS };
export type { Language, Translations, TranslationTree };

export const COMMON_NS = 'common';
export const LANGUAGE_STORAGE_KEY = 'portal.language';

export const i18n = i18next.createInstance();

function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    // English by default, whatever the browser prefers: the spec's texts are the reference.
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: string) {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts until reload.
  }
}

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: COMMON_NS,
  ns: [COMMON_NS, MESSAGES_NS],
  resources: {
    en: { [COMMON_NS]: commonTranslations.en, [MESSAGES_NS]: messageTranslations.en },
    pl: { [COMMON_NS]: commonTranslations.pl, [MESSAGES_NS]: messageTranslations.pl },
  },
  interpolation: { escapeValue: false }, // React escapes.
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});
document.documentElement.lang = i18n.language;
i18n.on('languageChanged', applyLanguage);

export function setLanguage(language: Language): void {
  void i18n.changeLanguage(language);
}

/**
 * A feature's texts in their own namespace. Call it at the top level of the feature's `i18n.ts`
 * and use the returned namespace in `useTranslation(ns)`: importing the namespace registers it.
 */
export function registerTranslations<T extends TranslationTree>(namespace: string, translations: Translations<T>): string {
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, namespace, translations[language], true, true);
  }
  return namespace;
}

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
