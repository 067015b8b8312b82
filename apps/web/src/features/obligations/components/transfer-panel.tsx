import { NotificationSlot } from '../../../lib/notifications';
import { formatNrb, type TransferDetails } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatAmount } from '../../../lib/format';
import { OBLIGATIONS_NS } from '../i18n';
import { CopyButton } from './copy-button';
import { PaymentCode } from './payment-code';

/**
 * Paying where the debt is shown: the city's account, the recipient, the exact amount and a title
 * that identifies the obligation, each with a copy button, the banks' payment code to scan, and
 * what happens after paying (when the status changes, what to keep).
 */
export function TransferPanel({ transfer }: { transfer: TransferDetails }) {
  const { t, i18n } = useTranslation(OBLIGATIONS_NS);
  // The amount as the reader's bank form takes it: "123,45" in Polish, "123.45" in English.
  const amountToType = i18n.language === 'pl' ? transfer.amount.replace('.', ',') : transfer.amount;
  const rows = [
    { key: 'accountNumber', label: t('transfer.accountNumber'), shown: formatNrb(transfer.accountNumber), copied: transfer.accountNumber },
    { key: 'recipient', label: t('transfer.recipient'), shown: transfer.recipientName, copied: transfer.recipientName },
    { key: 'amount', label: t('transfer.amount'), shown: formatAmount(transfer.amount, i18n.language), copied: amountToType },
    { key: 'title', label: t('transfer.transferTitle'), shown: transfer.title, copied: transfer.title },
  ];
  return (
    <section className="transfer" aria-labelledby="transfer-title">
      <h3 id="transfer-title">{t('transfer.title')}</h3>
      {/* "Scan the code" only where a code is shown (none from 10,000 PLN: six digits of grosze). */}
      <p className="note">{transfer.paymentCode ? t('transfer.intro') : t('transfer.introNoCode')}</p>
      <div className="transfer__body">
        <dl className="transfer__details">
          {rows.map((row) => (
            <div key={row.key} className="transfer__row">
              <dt>{row.label}</dt>
              <dd>
                <span className={`transfer__value transfer__value--${row.key}`}>{row.shown}</span>
                <CopyButton value={row.copied} what={row.label} />
              </dd>
            </div>
          ))}
        </dl>
        <NotificationSlot keys={['obligations.copy']} />
        {transfer.paymentCode ? <PaymentCode code={transfer.paymentCode} /> : <p className="note transfer__no-code">{t('transfer.noCode')}</p>}
      </div>
      <h4 className="transfer__after-title">{t('transfer.afterTitle')}</h4>
      <ul className="transfer__after">
        <li>{t('transfer.afterStatus')}</li>
        <li>{t('transfer.afterKeep')}</li>
      </ul>
    </section>
  );
}
