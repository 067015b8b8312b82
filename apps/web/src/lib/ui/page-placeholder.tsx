import { useTranslation } from 'react-i18next';

/** Stands in for a screen whose issue is still open, so routes, guards and navigation work end to end. */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="placeholder card" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <p className="placeholder__notice">{t('placeholder.notice')}</p>
    </section>
  );
}
