import { useTranslation } from '../i18n';
import { PageShell } from './page-shell';

/** Stands in for a screen whose issue is still open, so routes, guards, titles and navigation work end to end. */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageShell title={title}>
      <p className="card placeholder__notice">{t('placeholder.notice')}</p>
    </PageShell>
  );
}
