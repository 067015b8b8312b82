import type { ConversationResponse } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n';
import { LETTERS_NS } from '../i18n';

/**
 * Who takes care of the citizen's letter: 'Waiting for an employee to take your letter' while OPEN,
 * then 'Handled by <first and last name>'. A polite live region: when the status changes live
 * (the lists are refetched on the status event), screen readers announce the new line.
 */
export function HandlerStatus({ conversation }: { conversation: Pick<ConversationResponse, 'status' | 'employeeName'> }) {
  const { t } = useTranslation(LETTERS_NS);
  const text =
    conversation.status === 'OPEN' ? t('chat.waiting')
    : conversation.employeeName ? t('chat.handledBy', { name: conversation.employeeName })
    : t(`status.${conversation.status}`);
  return (
    <p className={`handler-status handler-status--${conversation.status.toLowerCase()}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}
