import { type Department, letterMessages, letterReference } from '@portal/contract';
import { useEffect, useId, useRef } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { ReceiptDownloads } from '../../../lib/receipts/receipt-downloads';
import { formatDate, formatDateTime } from '../../../lib/format';
import { revealResult } from '../../../lib/ui/reveal';
import { LETTERS_NS } from '../i18n';
import { ConversationFacts } from './conversation-facts';

/** What the citizen keeps of a sent letter; reference and conversation come from the API's answer. */
export type SentLetter = {
  subject: string;
  recipient: Department;
  sentAt: string;
  letterId?: number;
  conversationId?: number;
  /** The office's last day to answer (the server's, KPA art. 237); null or absent when unknown. */
  dueDate?: string | null;
};

/** The address that opens a conversation of the User Dashboard. */
export const conversationLink = (conversationId: number) => `/user?conversation=${conversationId}`;

/**
 * Proof of sending, opened by the spec's 'Letter created successfully!': reference, department, date
 * and time, and a link to the letter's conversation. It stays until the next letter is sent, or
 * fails to be (then the failure, not this success, is the form's outcome).
 */
export function LetterReceipt({ letter }: { letter: SentLetter }) {
  const { t, i18n } = useTranslation(LETTERS_NS);
  const message = useMessageText();
  const id = useId();
  const section = useRef<HTMLElement>(null);
  // The form that sent it was just cleared: the reader is taken to the proof (each new letter's).
  useEffect(() => revealResult(section.current), [letter]);
  return (
    <section ref={section} tabIndex={-1} className="receipt" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="receipt__title">
        {t('receipt.title')}
      </h3>
      {/* The spec's alert, said here where it lasts (a passing toast covered this panel's buttons). */}
      <p role="status" className="receipt__status">
        {message(letterMessages.created) ?? letterMessages.created}
      </p>
      <p className="receipt__intro">{t('receipt.intro')}</p>
      <ConversationFacts
        facts={[
          ...(letter.letterId === undefined ? [] : [{ label: t('receipt.reference'), value: letterReference(letter.letterId) }]),
          { label: t('fields.subject'), value: letter.subject },
          { label: t('fields.department'), value: t(`departments.${letter.recipient}`) },
          { label: t('fields.sent'), value: <time dateTime={letter.sentAt}>{formatDateTime(letter.sentAt, i18n.language)}</time> },
          ...(letter.dueDate ? [{ label: t('due.label'), value: <time dateTime={letter.dueDate}>{formatDate(letter.dueDate, i18n.language, { long: true })}</time> }] : []),
        ]}
      />
      {letter.conversationId !== undefined && <ReceiptDownloads subject="conversation" id={letter.conversationId} kinds={['letter-sent']} />}
      {letter.conversationId !== undefined && (
        <Link className="receipt__link" to={conversationLink(letter.conversationId)}>
          {t('receipt.open')}
        </Link>
      )}
    </section>
  );
}
