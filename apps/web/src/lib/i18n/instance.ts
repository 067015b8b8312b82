import { changeLanguage, currentLanguage, getFixedT } from './store';
import type { TFunction } from './translate';
import type { Language } from './translations';

/** The handle `useTranslation` returns beside `t`, shaped as the i18next instance the call sites used. */
export interface I18n {
  /** The language shown. */
  readonly language: Language;
  /** The same: every language we offer has all its texts (a switch waits for them). */
  readonly resolvedLanguage: Language;
  /** Settles once the language is shown (its texts fetched first, if need be). */
  changeLanguage(language: Language): Promise<void>;
  /** A `t` for one language and namespace, whatever the language shown (tests, emails' previews). */
  getFixedT(language: Language, namespace: string): TFunction;
}

export const i18n: I18n = {
  get language() {
    return currentLanguage();
  },
  get resolvedLanguage() {
    return currentLanguage();
  },
  changeLanguage,
  getFixedT,
};
