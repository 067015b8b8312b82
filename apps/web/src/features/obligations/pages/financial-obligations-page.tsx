import { fullName, obligationMessages, type ObligationResponse, type UserResponse } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { useLinkedId } from '../../../lib/use-linked-id';
import { usePreloadWhenIdle } from '../../../lib/ui/after-load';
import { ListStates } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { qrCodeLibrary } from '../../../lib/ui/qr-code';
import { useObligations } from '../api/queries';
import { ChartView } from '../components/chart-view';
import { ObligationCards } from '../components/obligation-cards';
import { ObligationDetail } from '../components/obligation-detail';
import { formatAmount } from '../../../lib/format';
import { OBLIGATIONS_NS } from '../i18n';
import { totalToPay } from '../totals';
import '../obligations.css';

const m = obligationMessages;
type View = 'list' | 'chart';

/** Spec section 2, Financial Obligations (USER, EMPLOYEE, ADMIN): the signed-in person's own obligations. */
export function FinancialObligationsPage() {
  const { data: me } = useCurrentUser();
  const message = useMessageText();
  // The route shows 'Loading user data...' until the current user is known (app/router.tsx).
  return me ? <FinancialObligations me={me} /> : <p role="status">{message(m.loadingUser)}</p>;
}

function FinancialObligations({ me }: { me: UserResponse }) {
  const { t, i18n } = useTranslation(OBLIGATIONS_NS);
  const message = useMessageText();
  const [view, setView] = useState<View>('list');
  const [selectedId, setSelectedId] = useState<number>();
  const [closedId, setClosedId] = useState<number>();
  // `?obligation=<id>` (a notification's or an email's link) opens that obligation's details.
  useLinkedId('obligation', (linked) => {
    setView('list');
    setSelectedId(linked);
  });
  const obligations = useObligations(me.id);
  // An obligation's details show its payment code: the QR library is in before one is opened.
  usePreloadWhenIdle(qrCodeLibrary);
  const list = obligations.data ?? [];
  // Spec section 8: a failed load is only logged; the page then says it found nothing.
  useEffect(() => {
    if (obligations.error) console.error('[obligations] loading the obligations failed', obligations.error);
  }, [obligations.error]);
  const selected = list.find((obligation) => obligation.id === selectedId);

  function show(next: View) {
    setView(next);
    setSelectedId(undefined);
    setClosedId(undefined);
  }

  return (
    <PageShell title={`${message(m.headingFor)} ${fullName(me)}`} documentTitle={t('common:page.financialObligations')}>
      <section className="card obligations">
        <div className="button-row obligations__views" role="group" aria-label={t('view.label')}>
          <button type="button" className="button button--secondary" aria-pressed={view === 'list'} onClick={() => show('list')}>
            {message(m.viewList)}
          </button>
          <button type="button" className="button button--secondary" aria-pressed={view === 'chart'} onClick={() => show('chart')}>
            {message(m.viewChart)}
          </button>
        </div>
        <ListStates
          isPending={obligations.isPending}
          isEmpty={list.length === 0}
          loadingText={message(m.loadingObligations)}
          emptyText={message(m.none)}
        >
          <TotalToPay obligations={list} language={i18n.language} />
          {view === 'chart' ? (
            <ChartView obligations={list} />
          ) : selected ? (
            <ObligationDetail obligation={selected} onBack={() => {
                setClosedId(selected.id);
                setSelectedId(undefined);
              }}
            />
          ) : (
            <ObligationCards
              obligations={list}
              returnFocusTo={closedId}
              onOpen={(obligation: ObligationResponse) => {
                setClosedId(undefined);
                setSelectedId(obligation.id);
              }}
            />
          )}
        </ListStates>
      </section>
    </PageShell>
  );
}

function TotalToPay({ obligations, language }: { obligations: readonly ObligationResponse[]; language: string }) {
  const { t } = useTranslation(OBLIGATIONS_NS);
  return (
    <p className="total-to-pay">
      <span className="total-to-pay__label">{t('totalToPay')}</span>{' '}
      <strong className="total-to-pay__amount">{formatAmount(totalToPay(obligations), language)}</strong>
      <span className="total-to-pay__note">{t('totalNote')}</span>
    </p>
  );
}
