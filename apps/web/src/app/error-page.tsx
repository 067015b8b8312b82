import { commonMessages } from '@portal/contract';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../lib/i18n';

function ErrorContent() {
  const { t } = useTranslation();
  const message = useMessageText();
  return (
    <section className="error-page card" aria-labelledby="error-title">
      <h1 id="error-title">{message(commonMessages.unexpectedError)}</h1>
      <p>{t('errorPage.details')}</p>
      <p>
        <Link to="/">{t('errorPage.backHome')}</Link>
      </p>
    </section>
  );
}

/** Unknown routes and errors thrown while rendering a page, shown inside the layout (navigation stays). */
export function ErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (error) console.error('[router]', error);
  }, [error]);
  return <ErrorContent />;
}

/** Last resort when the layout itself failed: no navigation, but still a landmark and a way home. */
export function RootErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[router]', error);
  }, [error]);
  return (
    <main id="main" className="page page--standalone">
      <ErrorContent />
    </main>
  );
}
