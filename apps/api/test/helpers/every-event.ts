import { type ConversationResponse, passwordPaths, type PortalEventType, sessionsPaths, type UserResponse } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { addPdf, createVehicleCase } from './cases.js';
import { createCitizen, type CreatedUser, newRegistration } from './factories.js';
import { call, createLetter, messageBody } from './letters.js';
import { createObligation } from './obligations.js';
import { addTermDays, nextWorkingDayFrom, warsawDateOf } from '../../src/plugins/legal-clock/terms.js';

/** A working day `days` or a little more after today in Warsaw: a delay notice's or an answer's new date. */
export const workingDayIn = (days: number, now = new Date()): string => nextWorkingDayFrom(addTermDays(warsawDateOf(now), days));
export const DELAY_REASON = 'The expert opinion on the vehicle arrives later than planned.';
export const PROMPT_TEXT = 'Please decide on my registration, the term has passed.';

/** What one walk through every event made: the matters, by id, that the channels name. */
export interface Walked {
  conversation: ConversationResponse;
  caseId: number;
  obligationId: number;
  employeeId: number;
  /** The citizen (not the walk's) whose account an admin closed. */
  closedUserId: number;
}

export const COMPLICATED_REASON = 'Two owners abroad must each confirm the sale.';
/** The internal notes the walk leaves (issue 33): staff only, so no citizen's channel may ever hold these words. */
export const CONVERSATION_NOTE = 'Internal: the lamp is on the council\'s list since March, ask Parks first.';
export const CASE_NOTE = 'Internal: the seller\'s VIN was forged before, check with the police.';

export const REJECTION_REASON = 'The VIN on the purchase contract differs from the one in the form.';

/**
 * Makes each change of the portal once, through the API as people do, in an order a real day
 * could have: `onStep(type)` runs after the change whose event is `type`. Every event type at least
 * once (a closure is asked for three times).
 */
export async function walkEveryEvent(
  app: FastifyInstance,
  people: { citizen: CreatedUser; clerk: CreatedUser; admin: CreatedUser },
  onStep: (type: PortalEventType) => Promise<void> | void = () => undefined,
  /** Runs the notification worker's scheduled jobs (the clerk's deadline warnings are one). */
  runSchedule: () => Promise<unknown> = async () => undefined,
): Promise<Walked> {
  const { citizen, clerk, admin } = people;
  const ok = async (response: { statusCode: number; body: string }, status = 200) => expect(response.statusCode, response.body).toBe(status);

  const conversation = await createLetter(app, citizen, { subject: 'Broken street lamp on Lipowa' });
  await onStep('letter-sent');
  await ok(await call(app, clerk, 'PUT', `/api/conversations/${conversation.id}/take?employeeId=${clerk.user.id}`));
  await onStep('conversation-taken');
  const replied = await call(app, clerk, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, clerk, 'We will repair it this week.'));
  await ok(replied, 201);
  await onStep('message-sent');
  // The clerk's open chat marks the conversation read (issue 35); the citizen's entry of the reply
  // and its email stay (the references test follows them).
  await ok(await call(app, clerk, 'PUT', `/api/conversations/${conversation.id}/read`, { lastReadMessageId: (replied.json() as { id: number }).id }));
  await onStep('conversation-read');
  await ok(await call(app, clerk, 'POST', `/api/conversations/${conversation.id}/notes`, { body: CONVERSATION_NOTE }), 201);
  await onStep('conversation-note-added');
  await ok(await call(app, clerk, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' }));
  await onStep('conversation-resolved');
  await ok(await call(app, citizen, 'POST', `/api/letters/${conversation.letterId}/rating`, { helpful: true }), 201);
  await onStep('letter-rated');

  const created = await createVehicleCase(app, citizen, { vehicleNumberPlate: 'KR 7781X' });
  await onStep('case-submitted');
  await addPdf(app, citizen, created.id);
  await onStep('document-added');
  await ok(await call(app, clerk, 'PUT', `/api/case-resolution/${created.id}/complicated`, { reason: COMPLICATED_REASON }));
  await onStep('case-term-extended');
  // Issue 32 points 5-6: the case's term passes (submitted three months ago); the clerk is warned,
  // sends the delay notice, the citizen prompts, an admin answers.
  await app.db.updateTable('case_resolutions').set({ submission_date: new Date(Date.now() - 92 * 86_400_000).toISOString() }).where('id', '=', created.id).execute();
  await runSchedule();
  await onStep('matter-deadline-warning');
  await ok(await call(app, clerk, 'POST', `/api/case-resolution/${created.id}/delay-notice`, { reason: DELAY_REASON, newDueDate: workingDayIn(14) }));
  await onStep('matter-delay-notified');
  await ok(await call(app, citizen, 'POST', `/api/case-resolution/${created.id}/prompt`, { text: PROMPT_TEXT }));
  await onStep('matter-prompted');
  const [prompt] = (await call(app, admin, 'GET', '/api/prompts')).json().items as { id: number }[];
  await ok(await call(app, admin, 'POST', `/api/prompts/${prompt!.id}/answer`, { reason: 'The clerk decides this week.', newDueDate: workingDayIn(7) }));
  await onStep('prompt-answered');
  await ok(
    await app.inject({
      method: 'PUT',
      url: `/api/case-resolution/${created.id}/update-status/REJECTED`,
      headers: clerk.headers,
      payload: { reason: REJECTION_REASON },
    }),
  );
  await onStep('case-status-changed');
  await ok(await call(app, clerk, 'POST', `/api/case-resolution/${created.id}/notes`, { body: CASE_NOTE }), 201);
  await onStep('case-note-added');

  const obligation = await createObligation(app, clerk, citizen, { description: 'Parking fee' });
  await onStep('obligation-created');

  await ok(await call(app, admin, 'PUT', '/api/terms/letters', { terms: [{ department: 'Public Works Department', months: 2 }] }));
  await onStep('legal-terms-changed');

  const registered = await call(app, admin, 'POST', '/register/employee', newRegistration({ password: 'Urzad2025' }));
  await ok(registered, 201);
  const employeeId = (registered.json() as UserResponse).id;
  await onStep('account-registered');
  await ok(await call(app, admin, 'PUT', `/api/users/deactivate/${employeeId}`));
  await onStep('account-deactivated');
  await ok(await call(app, admin, 'PUT', `/api/users/activate/${employeeId}`));
  await onStep('account-activated');
  await ok(await call(app, admin, 'POST', sessionsPaths.endAllOf(employeeId)));
  await onStep('sessions-ended');

  // The citizen adds an authenticator app: its owner is told (issue 34).
  const setUp = await call(app, citizen, 'POST', '/api/two-factor/totp/setup', { password: citizen.password });
  await ok(setUp);
  const { secret } = setUp.json() as { secret: string };
  await ok(await call(app, citizen, 'POST', '/api/two-factor/totp/confirm', { code: await generate({ secret }) }));
  await onStep('second-factor-changed');

  // A citizen of the walk's own asks to close their account, withdraws, asks again, is refused,
  // asks again and is closed (issue 35): the walk's citizen keeps their records.
  const leaving = await createCitizen(app);
  const closure = '/api/my-data/closure';
  await ok(await call(app, leaving, 'POST', closure), 201);
  await onStep('account-closure-requested');
  await ok(await call(app, leaving, 'DELETE', closure));
  await onStep('account-closure-withdrawn');
  await ok(await call(app, leaving, 'POST', closure), 201);
  await onStep('account-closure-requested');
  await ok(await call(app, admin, 'POST', `/api/account-closures/${leaving.user.id}/refuse`, { reason: 'An unpaid obligation' }));
  await onStep('account-closure-refused');
  await ok(await call(app, leaving, 'POST', closure), 201);
  await onStep('account-closure-requested');
  await ok(await call(app, admin, 'POST', `/api/account-closures/${leaving.user.id}/approve`));
  await onStep('account-closed');

  // Handing work on (issue 33) and reopening (issue 32), on matters of a citizen of the walk's own,
  // so the walk's citizen's channels stay as they were: a letter resolved, reopened, handed to the
  // admin, released; a case in progress reassigned to the new employee and released.
  const other = await createCitizen(app);
  const handed = await createLetter(app, other, { subject: 'Bench broken in the park' });
  await onStep('letter-sent');
  await ok(await call(app, clerk, 'PUT', `/api/conversations/${handed.id}/take?employeeId=${clerk.user.id}`));
  await onStep('conversation-taken');
  await ok(await call(app, clerk, 'PUT', `/api/conversations/${handed.id}/status`, { status: 'RESOLVED' }));
  await onStep('conversation-resolved');
  await ok(await call(app, other, 'PUT', `/api/conversations/${handed.id}/reopen`, { reason: 'The bench is broken again.' }));
  await onStep('conversation-reopened-by-citizen');
  await ok(await call(app, clerk, 'PUT', `/api/conversations/${handed.id}/transfer`, { employeeId: admin.user.id, reason: 'The admin knows the park.' }));
  await onStep('conversation-transferred');
  await ok(await call(app, admin, 'PUT', `/api/conversations/${handed.id}/release`, { reason: 'Back to the queue for the Parks clerks.' }));
  await onStep('conversation-released');
  const handedCase = await createVehicleCase(app, other, { vehicleNumberPlate: 'KR 1234Z' });
  await onStep('case-submitted');
  await ok(await call(app, clerk, 'PUT', `/api/case-resolution/${handedCase.id}/update-status/IN_PROGRESS`));
  await onStep('case-status-changed');
  await ok(await call(app, admin, 'PUT', `/api/case-resolution/${handedCase.id}/reassign`, { employeeId, reason: 'A new colleague takes the registrations.' }));
  await onStep('case-reassigned');
  await ok(await call(app, admin, 'PUT', `/api/case-resolution/${handedCase.id}/release`, { reason: 'Back to the pending list.' }));
  await onStep('case-released');
  await ok(await call(app, admin, 'PUT', '/api/desk-settings', { staleWorkingDays: 6, reopenWindowDays: 14 }));
  await onStep('desk-settings-changed');
  const template = { name: 'Repair this week', language: 'en', scope: 'DEPARTMENT', department: 'Public Works Department', text: 'Dear {firstName}, we repair it by {dueDate}.' };
  await ok(await call(app, admin, 'POST', '/api/reply-templates', template), 201);
  await onStep('reply-template-changed');

  // An admin sends the new employee a password-reset link; the citizen changes their password (issue 35).
  await ok(await call(app, admin, 'POST', passwordPaths.sendReset(employeeId)));
  await onStep('password-reset-sent');
  const newPassword = 'Nowe-haslo-2026';
  await ok(await call(app, citizen, 'POST', passwordPaths.change, { currentPassword: citizen.password, newPassword, confirmPassword: newPassword }), 204);
  // The caller's record of the citizen keeps working: their session stays, and the password is the new one.
  citizen.password = newPassword;
  await onStep('password-changed');

  // Issue 32 points 7 and 8, on a case of a citizen of the walk's own (the walk's citizen's case stays rejected):
  // the clerk asks to supplement, the citizen answers, the rejection is opened (delivered) and appealed.
  const appellant = await createCitizen(app);
  const appealed = await createVehicleCase(app, appellant, { vehicleNumberPlate: 'KR 1290C' });
  await onStep('case-submitted');
  const askPath = `/api/case-resolution/${appealed.id}/supplement-requests`;
  await ok(await call(app, clerk, 'POST', askPath, { message: 'Please upload the contract signed by both parties.' }), 201);
  await onStep('case-supplement-requested');
  await ok(await call(app, appellant, 'POST', `/api/case-resolution/${appealed.id}/supplement-answer`, { answer: 'Uploaded with both signatures.' }), 201);
  await onStep('case-supplement-answered');
  await ok(await app.inject({ method: 'PUT', url: `/api/case-resolution/${appealed.id}/update-status/REJECTED`, headers: clerk.headers, payload: { reason: REJECTION_REASON } }));
  await onStep('case-status-changed');
  await ok(await call(app, appellant, 'POST', `/api/case-resolution/${appealed.id}/delivery`));
  await onStep('case-decision-delivered');
  await ok(await call(app, appellant, 'POST', `/api/case-resolution/${appealed.id}/appeal`, { text: 'The contract was signed by both parties.' }), 201);
  await onStep('case-appealed');

  return { conversation, caseId: created.id, obligationId: obligation.id, employeeId, closedUserId: leaving.user.id };
}
