import { useEffect } from 'react';
import { useTranslation } from '../i18n';

/**
 * Sets the browser tab's title to "<page> - <portal name>" in the current language (WCAG 2.4.2), and
 * again whenever the language changes. Undefined leaves the title alone, so a wrapper that renders
 * a page of its own never overrides the page's title.
 */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const { t } = useTranslation();
  const title = pageTitle === undefined ? undefined : t('documentTitle', { page: pageTitle, appName: t('appName') });
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
