import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { fetchRatingLink, rateByLink } from '../../../lib/rating/api';
import { RatingForm } from '../../../lib/rating/rating-form';
import { ErrorState, LoadingState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { RATE_NS } from '../i18n';

type Outcome = 'thanks' | 'alreadyRated' | 'expired' | 'invalid' | 'failed';

/** What a refusal means to the person holding the link. */
const outcomeOf = (error: unknown): Outcome =>
  !(error instanceof HttpError) ? 'failed' : error.status === 410 ? 'expired' : error.status === 409 ? 'alreadyRated' : error.status === 404 || error.status === 400 ? 'invalid' : 'failed';

/**
 * The page a resolved letter's email links to (issue 32 point 8): public, no sign-in. The signed
 * token is in the address's fragment (`/rate#…`), which browsers never send to a server, so no
 * access log keeps it; the page sends it to the API itself.
 */
export function RatePage() {
  const { t } = useTranslation(RATE_NS);
  const message = useMessageText();
  const token = decodeURIComponent(useLocation().hash.slice(1));
  const [outcome, setOutcome] = useState<Outcome>();
  const [refusal, setRefusal] = useState<string>();
  const link = useQuery({ queryKey: ['rating-link', token], queryFn: () => fetchRatingLink(token), enabled: token !== '', retry: false });

  const shown: Outcome | undefined = outcome ?? (link.isError ? outcomeOf(link.error) : link.data?.rated ? 'alreadyRated' : undefined);
  return (
    <PageShell title={t('title')}>
      <section className="card">
        {token === '' ? (
          <p>{t('noToken')}</p>
        ) : link.isPending ? (
          <LoadingState text={t('loading')} />
        ) : (
          <>
            {link.data ? <p className="rate-page__letter">{t('letter', { reference: link.data.reference, subject: link.data.subject })}</p> : null}
            {shown ? (
              shown === 'thanks' || shown === 'alreadyRated' ? (
                <p role="status">{t(shown)}</p>
              ) : (
                <ErrorState>{refusal && shown === 'expired' ? `${message(refusal) ?? refusal} ${t('expired')}` : t(shown)}</ErrorState>
              )
            ) : (
              <RatingForm
                headingLevel={2}
                send={(rating) => rateByLink(token, rating)}
                onRated={() => setOutcome('thanks')}
                onRefused={(error) => {
                  setRefusal(error.message);
                  setOutcome(outcomeOf(error));
                }}
              />
            )}
          </>
        )}
      </section>
    </PageShell>
  );
}
