import { hasAuthToken } from '../lib/auth-cookie';
import { http } from '../lib/http';
import { type Language, LANGUAGES, setLanguage, useTranslation } from '../lib/i18n';

/** Signed in: the account remembers the choice, so the portal's emails speak it too (issue 18). */
function chooseLanguage(language: Language): void {
  setLanguage(language);
  if (!hasAuthToken()) return;
  // The screen has already switched; a failed save only leaves the emails in the old language.
  void http.put('/api/users/me/language', { language }).catch(() => undefined);
}

/** Each language is named in itself (and marked with its lang) so a reader of either can find it. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('language.label')} className="language-switch">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-switch__button"
          aria-pressed={i18n.resolvedLanguage === language}
          onClick={() => chooseLanguage(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}
