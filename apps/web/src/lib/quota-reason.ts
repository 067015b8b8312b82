import { caseQuotaMessages, conversationApiMessages } from '@portal/contract';
import { HttpError } from './http';

/** The refusals a citizen can act on (wait, or resolve cases first): issue 17's per-citizen quotas. */
const QUOTA_MESSAGES: ReadonlySet<string> = new Set([
  caseQuotaMessages.openCasesQuota,
  caseQuotaMessages.documentBytesQuota,
  caseQuotaMessages.uploadsInFlightQuota,
  conversationApiMessages.lettersQuota,
  conversationApiMessages.messagesQuota,
]);

/**
 * The server's reason when a call was refused by a citizen quota (409 or 429), else undefined.
 * Other error bodies stay unshown, as spec section 8 says; a quota refusal would otherwise leave
 * the citizen retrying in vain.
 */
export function quotaReason(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || (error.status !== 409 && error.status !== 429)) return undefined;
  return QUOTA_MESSAGES.has(error.message) ? error.message : undefined;
}
