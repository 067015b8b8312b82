import { type CaseType, caseName, type NotificationEntry, referenceWithName } from '@portal/contract';
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
  'second-factor',
  'account-closure-requested',
  'account-closure-withdrawn',
  'account-closure-refused',
  'password-changed',
  'delay-notice',
  'prompt-received',
  'prompt-answered',
  'deadline-warning',
  'case-step',
  'conversation-transferred',
  'conversation-released',
  'conversation-reopened',
  'case-reassigned',
  'case-released',
]);

/** The kinds about a letter or a case: worded by the matter's reference and name when the entry has them. */
const NAMED_KINDS = new Set(['letter-taken', 'reply', 'conversation-resolved', 'case-status', 'delay-notice', 'prompt-received', 'prompt-answered', 'conversation-transferred', 'conversation-released', 'conversation-reopened', 'case-reassigned', 'case-released']);

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The matter as every channel names it: its one reference (`L-4`, `C-4`, stored with the entry by
 * the server from the contract) beside the letter's subject or the case's name; null for entries
 * stored before they carried a reference.
 */
function matterOf(data: Record<string, unknown>, language: string): string | null {
  if (typeof data.reference !== 'string') return null;
  if (typeof data.subject === 'string') return referenceWithName(data.reference, data.subject);
  if (typeof data.caseType === 'string' && typeof data.caseId === 'number') {
    const plate = typeof data.vehicleNumberPlate === 'string' ? data.vehicleNumberPlate : null;
    const name = caseName({ id: data.caseId, caseType: data.caseType as CaseType, vehicleNumberPlate: plate }, language === 'pl' ? 'pl' : 'en');
    return referenceWithName(data.reference, name);
  }
  return data.reference;
}

/** One entry in words, from its kind and the facts the server stored with it (never a chat text). */
export function entryText(entry: NotificationEntry, t: TFunction, language: string): string {
  const { data } = entry;
  if (!KNOWN_KINDS.has(entry.kind)) return t('entry.other');
  if (entry.kind === 'second-factor') return t(`secondFactor.${text(data.change)}`, { defaultValue: t('entry.other') });
  if (entry.kind === 'password-changed') return t(`password.${text(data.how)}`, { defaultValue: t('entry.other') });
  const id = text(data.conversationId ?? data.caseId ?? data.obligationId);
  const status = typeof data.status === 'string' ? t(`caseStatus.${data.status}`, { defaultValue: data.status }) : '';
  const amount = typeof data.amount === 'string' ? formatAmount(data.amount, language) : '';
  const dated = data.dueDate ?? data.newDueDate ?? data.answerBy;
  const date = typeof dated === 'string' ? formatDate(dated, language) : '';
  const matter = matterOf(data, language);
  // Issue 32: a clerk's warning names its threshold; an answer without a new date says so.
  if (entry.kind === 'deadline-warning') return t(`deadlineWarning.${text(data.warning)}`, { matter: matter ?? '', date, interpolation: { escapeValue: false }, defaultValue: t('entry.other') });
  if (entry.kind === 'prompt-answered' && data.newDueDate === null) return t('entryNamed.prompt-answered-decided', { matter: matter ?? '', interpolation: { escapeValue: false } });
  // Issue 32 point 8: a request to supplement, its answer, an appeal: worded by the step.
  if (entry.kind === 'case-step') return t(`caseStep.${text(data.step)}`, { matter: matter ?? id, defaultValue: t('entry.other'), interpolation: { escapeValue: false } });
  if (matter !== null && NAMED_KINDS.has(entry.kind)) return t(`entryNamed.${entry.kind}`, { matter, status, date, interpolation: { escapeValue: false } });
  return t(`entry.${entry.kind}`, { id, status, amount, date, recipient: text(data.recipientId), reason: text(data.reason), interpolation: { escapeValue: false } });
}
