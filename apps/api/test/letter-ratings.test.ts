import type { LetterRatingResponse, RatingLinkResponse } from '@portal/contract';
import { expect, it } from 'vitest';
import { loadSessionKey } from '../src/plugins/auth/index.js';
import { createRatingsRepository } from '../src/modules/letters/ratings/repository.js';
import { createRatingLinks } from '../src/plugins/rating-links.js';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call, createLetter, takenConversation } from './helpers/letters.js';

/*
 * Issue 32 point 8, last bullet: the citizen rates the answer to a resolved letter once, in the
 * portal or from the resolution email's signed link without signing in; the link expires 30 days
 * after the resolution. The links are signed here with the server's own key (the test config's),
 * at resolution times chosen to put "now" before and after the expiry.
 */
describeEachEngine('rating a resolved letter', (engine) => {
  const ctx = useTestApp(engine);
  const links = () => createRatingLinks(loadSessionKey(ctx.config));

  async function resolvedLetter() {
    const citizen = await createCitizen(ctx.app);
    const clerk = await createEmployee(ctx.app);
    const conversation = await takenConversation(ctx.app, citizen, clerk);
    const resolved = await call(ctx.app, clerk, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    return { citizen, clerk, conversation };
  }
  const rate = (who: CreatedUser | null, url: string, payload: object) => call(ctx.app, who, 'POST', url, payload);

  it('rates from the portal once, audited; a second rating is a 409 saying why', async () => {
    const { citizen, conversation } = await resolvedLetter();
    const url = `/api/letters/${conversation.letterId}/rating`;
    expect(((await call(ctx.app, citizen, 'GET', url)).json() as { rating: unknown }).rating).toBeNull();
    const first = await rate(citizen, url, { helpful: true, comment: 'Fixed within a week, thank you.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ letterId: conversation.letterId, helpful: true });
    expect(((await call(ctx.app, citizen, 'GET', url)).json() as { rating: LetterRatingResponse }).rating).toMatchObject({ helpful: true });
    expect(expectApiError(await rate(citizen, url, { helpful: false }), 409).message).toBe('This answer has already been rated; a letter can be rated once.');
    const audit = await auditRowsFor(ctx.app, 'conversation', conversation.id);
    expect(audit.filter((row) => row.action === 'letter.rate')).toEqual([expect.objectContaining({ actor_id: citizen.user.id, after: expect.objectContaining({ helpful: true, via: 'portal' }) })]);
  });

  it('refuses a letter still being handled (409), bad input with field errors and nothing written, and another citizen', async () => {
    const citizen = await createCitizen(ctx.app);
    const open = await createLetter(ctx.app, citizen);
    const url = `/api/letters/${open.letterId}/rating`;
    expect(expectApiError(await rate(citizen, url, { helpful: true }), 409).message).toBe('Only a resolved letter can be rated: this one is still being handled.');
    const { citizen: owner, conversation } = await resolvedLetter();
    const resolvedUrl = `/api/letters/${conversation.letterId}/rating`;
    const bad = expectApiError(await rate(owner, resolvedUrl, { helpful: 'yes', comment: 'x'.repeat(1001) }), 400);
    expect(bad.fields).toMatchObject({ helpful: 'Choose whether the answer helped you.', comment: 'A comment must be at most 1000 characters.' });
    expect(((await call(ctx.app, owner, 'GET', resolvedUrl)).json() as { rating: unknown }).rating).toBeNull();
    expectApiError(await rate(citizen, resolvedUrl, { helpful: true }), 403);
    expectApiError(await rate(citizen, '/api/letters/99999999/rating', { helpful: true }), 403);
    expectApiError(await rate(await createEmployee(ctx.app), resolvedUrl, { helpful: true }), 403);
  });

  it('rates from the email\u2019s link without signing in, once: the reused link says it was rated', async () => {
    const { conversation } = await resolvedLetter();
    const token = links().sign(conversation.letterId, new Date().toISOString());
    const page = await call(ctx.app, null, 'GET', `/api/ratings/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ reference: `L-${conversation.letterId}`, subject: conversation.subject, rated: false } satisfies Partial<RatingLinkResponse>);
    const rated = await rate(null, `/api/ratings/${token}`, { helpful: false, comment: 'Nobody came.' });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(((await call(ctx.app, null, 'GET', `/api/ratings/${token}`)).json() as RatingLinkResponse).rated).toBe(true);
    expectApiError(await rate(null, `/api/ratings/${token}`, { helpful: true }), 409);
    const audit = await auditRowsFor(ctx.app, 'conversation', conversation.id);
    expect(audit.find((row) => row.action === 'letter.rate')?.after).toMatchObject({ helpful: false, via: 'email-link' });
  });

  it('answers 410 with the day a link stopped working, 404 for a forged, unknown or malformed one', async () => {
    const { conversation } = await resolvedLetter();
    const expired = links().sign(conversation.letterId, '2025-11-01T09:00:00.000Z');
    const gone = expectApiError(await rate(null, `/api/ratings/${expired}`, { helpful: true }), 410);
    expect(gone.message).toBe('This rating link has expired. It worked until 1 December 2025.');
    expectApiError(await call(ctx.app, null, 'GET', `/api/ratings/${expired}`), 410);
    const valid = links().sign(conversation.letterId, new Date().toISOString());
    const forged = `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(expectApiError(await call(ctx.app, null, 'GET', `/api/ratings/${forged}`), 404).message).toBe('This rating link is not valid.');
    expectApiError(await call(ctx.app, null, 'GET', `/api/ratings/${links().sign(99999999, new Date().toISOString())}`), 404);
    expectApiError(await call(ctx.app, null, 'GET', '/api/ratings/not-a-token'), 404);
  });

  it('counts helpful and not-helpful ratings per department in a period (the dashboard\u2019s)', async () => {
    const before = new Date().toISOString();
    const a = await resolvedLetter();
    const b = await resolvedLetter();
    await rate(a.citizen, `/api/letters/${a.conversation.letterId}/rating`, { helpful: true });
    await rate(b.citizen, `/api/letters/${b.conversation.letterId}/rating`, { helpful: false });
    const counts = await createRatingsRepository(ctx.app.db).countsByDepartment(before, new Date(Date.now() + 1000).toISOString());
    // letterBody writes to the Public Works Department.
    expect(counts).toEqual([{ department: 'Public Works Department', helpful: 1, notHelpful: 1 }]);
    expect(await createRatingsRepository(ctx.app.db).countsByDepartment('2000-01-01T00:00:00.000Z', '2000-02-01T00:00:00.000Z')).toEqual([]);
  });
});
