import type { ReceiptKind, ReceiptSummary } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../format';
import { useTranslation } from '../i18n';
import { Link } from 'react-router';
import { NotificationSlot, notify } from '../notifications';
import { saveBlob } from '../save-blob';
import { fetchReceiptPdf, fetchReceipts, type ReceiptSubject } from './api';
import { RECEIPT_DOWNLOADS_NS } from './i18n';
import './receipt-downloads.css';

type ReceiptDownloadsProps = {
  subject: ReceiptSubject;
  id: number;
  /** Only these kinds (the proof-of-sending panel shows the letter's own receipt). */
  kinds?: readonly ReceiptKind[];
  /** Changes when a new receipt may exist (a status, a count), so the list is read again. */
  version?: string | number;
};

/** One "Download receipt (PDF)" button per receipt of a conversation or a case. */
export function ReceiptDownloads({ subject, id, kinds, version }: ReceiptDownloadsProps) {
  const { t, i18n } = useTranslation(RECEIPT_DOWNLOADS_NS);
  const receipts = useQuery({ queryKey: ['receipts', subject, id, version], queryFn: () => fetchReceipts(subject, id) });
  const shown = (receipts.data ?? []).filter((receipt) => !kinds || kinds.includes(receipt.kind));
  if (shown.length === 0) return null;

  async function download(receipt: ReceiptSummary) {
    try {
      saveBlob(await fetchReceiptPdf(receipt.id), `receipt-${receipt.reference.split(' ')[0] ?? receipt.id}.pdf`);
    } catch (error) {
      console.error('Receipt not downloaded', error);
      notify(t('failed'), 'error', { key: `receipts.download.${receipt.id}` });
    }
  }

  const labelOf = (receipt: ReceiptSummary) => {
    if (shown.length === 1) return t('label');
    const date = formatDateTime(receipt.issuedAt, i18n.language, { compact: true });
    const reference = receipt.reference.split(' / ')[1] ?? receipt.reference;
    return t('labelOf', { what: t(`kinds.${receipt.kind}`, { reference, date }) });
  };

  return (
    <div className="receipt-downloads">
      <p className="receipt-downloads__intro">
        {t('intro')} <Link to="/verify">/verify</Link>.
      </p>
      <ul className="receipt-downloads__list" aria-label={t('listLabel')}>
        {shown.map((receipt) => (
          <li key={receipt.id}>
            <button type="button" className="button button--secondary" onClick={() => void download(receipt)}>
              {labelOf(receipt)}
            </button>
          </li>
        ))}
      </ul>
      <NotificationSlot keys={['receipts.download']} />
    </div>
  );
}
