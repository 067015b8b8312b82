import type { NotificationEvent } from '../../src/modules/notifications/events.js';

/** One event of every email the portal sends, with the awkward values each kind can carry. */
const transfer = { accountNumber: '12 3456 7890 1234 5678 9012 3456', recipientName: 'Urząd "Miasta" & <Gminy>', title: "FO 7 O'Brien" };
export const everyEmailEvent: NotificationEvent[] = [
  { kind: 'letter-taken', conversationId: 11 },
  { kind: 'letter-taken', conversationId: 11, letterId: 4, subject: 'Broken street lamp', reference: 'L-4' },
  { kind: 'reply', conversationId: 12, messageId: 3 },
  { kind: 'reply', conversationId: 12, messageId: 3, letterId: 5, subject: 'Parking permit', reference: 'L-5' },
  { kind: 'conversation-resolved', conversationId: 13 },
  // Handing work on (issue 33) and reopening (issue 32): the reason is free text.
  { kind: 'conversation-transferred', conversationId: 19, to: 'citizen', department: 'Parks and Recreation Department', reason: 'The <park> & "bench".', letterId: 6, subject: 'Bench', reference: 'L-6' },
  { kind: 'conversation-transferred', conversationId: 19, to: 'handler', department: 'Parks and Recreation Department', reason: 'Yours now.', letterId: 6, subject: 'Bench', reference: 'L-6' },
  { kind: 'conversation-released', conversationId: 19, reason: 'No answer for a week.', letterId: 6, subject: 'Bench', reference: 'L-6' },
  { kind: 'conversation-reopened', conversationId: 19, reason: 'Broken again.', letterId: 6, subject: 'Bench', reference: 'L-6' },
  { kind: 'case-reassigned', caseId: 20, to: 'citizen', reason: 'A colleague takes it.', caseType: 'VEHICLE_REGISTRATION', vehicleNumberPlate: 'KR 1A', reference: 'C-20' },
  { kind: 'case-released', caseId: 20, to: 'handler', reason: 'Back to the list.', reference: 'C-20' },
  { kind: 'case-status', caseId: 14, status: 'IN_PROGRESS' },
  // A clerk's reason is free text: markup-like characters, quotes, runs of spaces and new lines.
  { kind: 'case-status', caseId: 15, status: 'REJECTED', reason: ' The <b>form</b> & "the" photo\n\n  don\'t   match.\t ', caseType: 'VEHICLE_REGISTRATION', vehicleNumberPlate: 'KR 4711A' },
  // Issue 32 point 8: answering back on a case, each step.
  ...(['supplement-requested', 'supplement-answered', 'appeal-lodged', 'appeal-received'] as const).map(
    (step): NotificationEvent => ({ kind: 'case-step', caseId: 19, step, caseType: 'VEHICLE_REGISTRATION', vehicleNumberPlate: 'KR 1290C', reference: 'C-19', dueDate: '2026-06-01' }),
  ),
  { kind: 'obligation-created', obligationId: 16, amount: '1234567.50', dueDate: '2026-03-05', transfer, description: 'Waste collection fee, Q1' },
  { kind: 'obligation-due-soon', obligationId: 17, amount: '0.01', dueDate: '2026-12-31', transfer: null },
  { kind: 'obligation-overdue', obligationId: 18, amount: '99.00', dueDate: '2026-01-01', transfer },
  { kind: 'account-registered' },
  { kind: 'account-activated' },
  { kind: 'account-deactivated' },
  { kind: 'second-factor', change: 'passkey-added' },
  { kind: 'second-factor', change: 'codes-paused' },
];
