import type { ConversationListItem } from '@portal/contract';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { LETTERS_DESK_NS } from '../desk-i18n';
import { LETTERS_NS } from '../i18n';

/**
 * A queue entry's term (issue 33 point 2): the day the answer is due, and when it has passed an
 * "Overdue" mark with an icon and the word (never colour alone); the working days it has waited.
 */
export function DueFacts({ conversation }: { conversation: ConversationListItem }) {
  const { t, i18n } = useTranslation(LETTERS_NS);
  const { t: td } = useTranslation(LETTERS_DESK_NS);
  return (
    <p className={`due-facts${conversation.overdue ? ' due-facts--overdue' : ''}`}>
      {conversation.overdue ? (
        <span className="due-facts__overdue">
          <svg className="due-facts__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M8 1 15 14H1Z" fill="currentColor" />
            <path d="M8 6v4M8 11.5v1" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          {td('overdue')}
        </span>
      ) : null}
      {/* The spaces keep the facts apart where the layout does not (a reader's text, a copy). */}{' '}
      {conversation.dueDate ? <span>{t('due.answerBy', { date: formatDate(conversation.dueDate, i18n.language, { long: true }) })}</span> : null}{' '}
      {conversation.waitingWorkingDays === undefined ? null : <span>{td('workingDays', { count: conversation.waitingWorkingDays })}</span>}
    </p>
  );
}

/** Earliest due date first (so the overdue lead), then the older letter: the server's order, kept for cards merged in on the client. */
export function byDueDate(a: ConversationListItem, b: ConversationListItem): number {
  // YYYY-MM-DD text orders as the days do; no collation involved.
  const [dueA, dueB] = [a.dueDate ?? '9999-12-31', b.dueDate ?? '9999-12-31'];
  return dueA < dueB ? -1 : dueA > dueB ? 1 : a.id - b.id;
}
