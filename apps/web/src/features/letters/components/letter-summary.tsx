import { type ConversationResponse, letterReference } from '@portal/contract';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatDate, formatDateTime } from '../../../lib/format';
import { LETTERS_NS } from '../i18n';
import { ConversationFacts } from './conversation-facts';
// Issue 32: the citizen's prompt panel loads on its own (the /user screen is at its budget).
const LazyPromptPanel = lazy(() => import('../../../lib/deadlines/prompt-panel'));
import './letter-summary.css';

type LetterSummaryProps = {
  conversation: ConversationResponse;
  /** 'yours' for the citizen who wrote it; 'sender' for staff reading it, with who sent it. */
  perspective: 'yours' | 'sender';
  /** One below the chat's heading. */
  headingLevel?: 3 | 4;
};

/**
 * The letter a conversation is about, shown above its chat: subject, department, date sent and the
 * reference, then the text in a box of its own that scrolls (and can be scrolled by keyboard).
 */
export function LetterSummary({ conversation, perspective, headingLevel = 4 }: LetterSummaryProps) {
  const { t, i18n } = useTranslation(LETTERS_NS);
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section className="letter-summary" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="letter-summary__title">
        {perspective === 'yours' ? t('letter.yours') : t('letter.theLetter')}
      </Heading>
      <ConversationFacts
        facts={[
          { label: t('fields.subject'), value: conversation.subject },
          ...(perspective === 'sender' ? [{ label: t('fields.sender'), value: conversation.nameSurname }] : []),
          { label: t('fields.department'), value: t(`departments.${conversation.recipient}`) },
          {
            label: t('fields.sent'),
            value: <time dateTime={conversation.createdAt}>{formatDateTime(conversation.createdAt, i18n.language)}</time>,
          },
          { label: t('fields.letterId'), value: letterReference(conversation.letterId) },
        ]}
      />
      {conversation.status !== 'RESOLVED' && conversation.dueDate && (
        <p className="letter-summary__due">{t('due.answerBy', { date: formatDate(conversation.dueDate, i18n.language, { long: true }) })}</p>
      )}
      <div className="letter-content letter-summary__text" role="region" aria-label={t('letter.text')} tabIndex={0}>
        {conversation.content}
      </div>
      {/* Issue 32: the citizen may prompt once the office is late (KPA art. 37). */}
      {perspective === 'yours' && (
        <Suspense fallback={null}>
          <LazyPromptPanel kind="letter" id={conversation.id} />
        </Suspense>
      )}
    </section>
  );
}
