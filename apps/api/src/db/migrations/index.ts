import type { Migration, MigrationProvider } from 'kysely';
import * as createUsers from './0001-create-users.js';
import * as createLetters from './0002-create-letters.js';
import * as createAuthGuards from './0003-create-auth-guards.js';
import * as createAuditLog from './0004-create-audit-log.js';
import * as createFinancialObligations from './0005-create-financial-obligations.js';
import * as createCaseResolutions from './0006-create-case-resolutions.js';
import * as createMessageReads from './0007-create-message-reads.js';
import * as fasterUsernameSearch from './0008-faster-username-search.js';
import * as auditLogRefuseReplace from './0009-audit-log-refuse-replace.js';
import * as auditDeferredChain from './0064-audit-deferred-chain.js';
import * as createReceipts from './0010-create-receipts.js';
import * as createNotifications from './0011-create-notifications.js';
import * as caseDecisionReasons from './0013-case-decision-reasons.js';
import * as createTwoFactor from './0015-create-two-factor.js';
import * as createSessions from './0016-create-sessions.js';
import * as notificationOutboxWake from './0017-notification-outbox-wake.js';
import * as casefoldFunction from './0021-casefold-function.js';
import * as notificationOutboxNoNotify from './0022-notification-outbox-no-notify.js';
import * as replyEmailsFromEntries from './0023-reply-emails-from-entries.js';
import * as auditLogIdsInChain from './0024-audit-log-ids-in-chain.js';
import * as messageSequence from './0025-message-sequence.js';
import * as legalTerms from './0033-legal-terms.js';
import * as sessionKeyOutOfDatabase from './0026-session-key-out-of-database.js';
import * as createPasswordResets from './0028-create-password-resets.js';
import * as closureRefusals from './0030-closure-refusals.js';
import * as caseHandlers from './0036-case-handlers.js';
import * as internalNotes from './0037-internal-notes.js';
import * as createTimeline from './0042-create-timeline.js';
import * as createLetterRatings from './0043-create-letter-ratings.js';
import * as lettersPerformance from './0055-letters-performance.js';
import * as casesPerformance from './0056-cases-performance.js';
import * as notifiedDueDates from './0047-notified-due-dates.js';
import * as lateTerms from './0048-late-terms.js';
import * as caseAnswers from './0044-case-answers.js';
import * as handoffs from './0052-handoffs.js';
import * as dueDateOrder from './0050-due-date-order.js';
import * as promptSequence from './0059-prompt-sequence.js';
import * as timelineWarningsForStaff from './0060-timeline-warnings-for-staff.js';
import * as replyTemplates from './0051-reply-templates.js';
import * as performanceSamples from './0065-performance-samples.js';

/**
 * Every migration, in order. Listed statically (no folder scan) so the set is the same under tsx,
 * Vitest and a bundler. Append new ones with the next number; never edit one that has shipped.
 * Write each once for both engines with the helpers in ../portable.ts.
 */
export const migrations: Record<string, Migration> = {
  '0001-create-users': createUsers,
  '0002-create-letters': createLetters,
  '0003-create-auth-guards': createAuthGuards,
  '0004-create-audit-log': createAuditLog,
  '0005-create-financial-obligations': createFinancialObligations,
  '0006-create-case-resolutions': createCaseResolutions,
  '0007-create-message-reads': createMessageReads,
  '0008-faster-username-search': fasterUsernameSearch,
  '0009-audit-log-refuse-replace': auditLogRefuseReplace,
  '0010-create-receipts': createReceipts,
  '0011-create-notifications': createNotifications,
  '0013-case-decision-reasons': caseDecisionReasons,
  '0015-create-two-factor': createTwoFactor,
  '0016-create-sessions': createSessions,
  '0017-notification-outbox-wake': notificationOutboxWake,
  '0021-casefold-function': casefoldFunction,
  '0022-notification-outbox-no-notify': notificationOutboxNoNotify,
  '0023-reply-emails-from-entries': replyEmailsFromEntries,
  '0024-audit-log-ids-in-chain': auditLogIdsInChain,
  '0025-message-sequence': messageSequence,
  '0026-session-key-out-of-database': sessionKeyOutOfDatabase,
  '0028-create-password-resets': createPasswordResets,
  '0030-closure-refusals': closureRefusals,
  '0033-legal-terms': legalTerms,
  '0036-case-handlers': caseHandlers,
  '0037-internal-notes': internalNotes,
  '0042-create-timeline': createTimeline,
  '0043-create-letter-ratings': createLetterRatings,
  '0055-letters-performance': lettersPerformance,
  '0056-cases-performance': casesPerformance,
  '0047-notified-due-dates': notifiedDueDates,
  '0048-late-terms': lateTerms,
  '0044-case-answers': caseAnswers,
  '0052-handoffs': handoffs,
  '0050-due-date-order': dueDateOrder,
  '0051-reply-templates': replyTemplates,
  '0059-prompt-sequence': promptSequence,
  '0060-timeline-warnings-for-staff': timelineWarningsForStaff,
  '0064-audit-deferred-chain': auditDeferredChain,
  '0065-performance-samples': performanceSamples,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
