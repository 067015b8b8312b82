import { DEFAULT_LANGUAGE, isLanguage, type Language } from './translations';

export const LANGUAGE_STORAGE_KEY = 'portal.language';

/** The reader's chosen language (English by default, whatever the browser prefers: the spec's texts are the reference). */
export function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
