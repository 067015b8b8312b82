import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../lib/i18n';

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
          onClick={() => setLanguage(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}
