import type { NotificationEntry } from '@portal/contract';
import type { TFunction } from '../../../lib/i18n';
import { formatAmount, formatDate } from '../../../lib/format';

const KNOWN_KINDS = new Set([
  'letter-taken',
  'reply',
  'conversation-resolved',
  'case-status',
  'obligation-created',
  'obligation-due-soon',
  'obligation-overdue',
  'account-registered',
  'account-activated',
  'account-deactivated',
  'delivery-failed',
]);

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** One entry in words, from its kind and the facts the server stored with it (never a chat text). */
export function entryText(entry: NotificationEntry, t: TFunction, language: string): string {
  const { data } = entry;
  if (!KNOWN_KINDS.has(entry.kind)) return t('entry.other');
  const id = text(data.conversationId ?? data.caseId ?? data.obligationId);
  const status = typeof data.status === 'string' ? t(`caseStatus.${data.status}`, { defaultValue: data.status }) : '';
  const amount = typeof data.amount === 'string' ? formatAmount(data.amount, language) : '';
  const date = typeof data.dueDate === 'string' ? formatDate(data.dueDate, language) : '';
  return t(`entry.${entry.kind}`, { id, status, amount, date, recipient: text(data.recipientId), reason: text(data.reason), interpolation: { escapeValue: false } });
}
