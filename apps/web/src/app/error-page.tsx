import { commonMessages } from '@portal/contract';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { useMessageText, useTranslation } from '../lib/i18n';
import { useDocumentTitle } from '../lib/ui/use-document-title';

/** The spec's heading for both cases; the text under it says whether the address is unknown or the page broke. */
function ErrorContent({ isNotFound }: { isNotFound: boolean }) {
  const { t } = useTranslation();
  const message = useMessageText();
  useDocumentTitle(isNotFound ? t('page.notFound') : t('page.error'));
  return (
    <section className="error-page card" aria-labelledby="error-title">
      <h1 id="error-title">{message(commonMessages.unexpectedError)}</h1>
      <p>{isNotFound ? t('errorPage.notFound') : t('errorPage.crashed')}</p>
      <p>
        <Link to="/" className="button button--primary">
          {t('errorPage.backHome')}
        </Link>
      </p>
    </section>
  );
}

/** A 404 response thrown while rendering means the address does not exist; anything else is a page that broke. */
function isNotFoundError(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** The catch-all route: an address no route knows. */
export function NotFoundPage() {
  return <ErrorContent isNotFound />;
}

/** An error thrown while rendering a page, shown inside the layout (navigation stays). */
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    if (error) console.error('[router]', error);
  }, [error]);
  return <ErrorContent isNotFound={isNotFoundError(error)} />;
}

/** Last resort when the layout itself failed: no navigation, but still a landmark and a way home. */
export function RootErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('[router]', error);
  }, [error]);
  return (
    <main id="main" className="page page--standalone">
      <ErrorContent isNotFound={isNotFoundError(error)} />
    </main>
  );
}
