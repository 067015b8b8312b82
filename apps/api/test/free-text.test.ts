import { beforeAll, expect, it } from 'vitest';
import { freeTextMessages, letterMessages, type MessageResponse } from '@portal/contract';
import { useTestApp } from './helpers/app.js';
import { vehicleCaseBody } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { call, createLetter, letterBody, messageBody, takenConversation } from './helpers/letters.js';
import { obligationBody } from './helpers/obligations.js';

const RLO = '\u202E';
const ZWSP = '\u200B';

describeEachEngine('free text: invisible characters and text-direction controls', (engine) => {
  const ctx = useTestApp(engine);
  let citizen: CreatedUser;
  let employee: CreatedUser;

  beforeAll(async () => {
    [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
  });

  it('does not send a chat message of only a zero-width space (spec section 5), nor one with a bidi override', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const sendUrl = `/api/conversations/${conversation.id}/messages/send`;
    const blank = expectApiError(await call(ctx.app, citizen, 'POST', sendUrl, messageBody(conversation.id, citizen, ZWSP)), 400);
    expect(blank.fields).toEqual({ content: letterMessages.messageEmpty });
    const disguised = expectApiError(await call(ctx.app, citizen, 'POST', sendUrl, messageBody(conversation.id, citizen, `invoice ${RLO}fdp.exe`)), 400);
    expect(disguised.fields).toEqual({ content: freeTextMessages.bidiControl });

    const history = await call(ctx.app, citizen, 'GET', `/api/conversations/${conversation.id}/messages`);
    expect(history.json<MessageResponse[]>().map((message) => message.content)).toEqual([]);
    const sent = await call(ctx.app, citizen, 'POST', sendUrl, messageBody(conversation.id, citizen, `${ZWSP}Hello`));
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('refuses a letter whose subject shows nothing or whose body holds a bidi override, writing nothing', async () => {
    const before = (await call(ctx.app, citizen, 'GET', `/api/conversations/user/${citizen.user.id}`)).json<unknown[]>().length;
    const blank = expectApiError(await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen, { subject: `${ZWSP}\u2060` })), 400);
    expect(blank.fields).toEqual({ subject: letterMessages.required });
    const disguised = expectApiError(await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen, { content: `Pay to ${RLO}LP 12` })), 400);
    expect(disguised.fields).toEqual({ content: freeTextMessages.bidiControl });
    expect((await call(ctx.app, citizen, 'GET', `/api/conversations/user/${citizen.user.id}`)).json<unknown[]>()).toHaveLength(before);
    await createLetter(ctx.app, citizen, { subject: 'Lipowa \u05E9\u05DC\u05D5\u05DD\u200F 4' });
  });

  it('refuses a bidi override in an obligation\u2019s description and a case\u2019s comments, and stores an invisible one as none', async () => {
    const disguisedObligation = await call(ctx.app, employee, 'POST', '/api/financial-obligations', obligationBody(citizen, { description: `Fee ${RLO}` }));
    expect(expectApiError(disguisedObligation, 400).fields).toEqual({ description: freeTextMessages.bidiControl });
    const invisible = await call(ctx.app, employee, 'POST', '/api/financial-obligations', obligationBody(citizen, { description: ZWSP }));
    expect(invisible.statusCode, invisible.body).toBe(201);
    expect(invisible.json()).toMatchObject({ description: null });

    const body = vehicleCaseBody(citizen);
    const disguisedCase = await call(ctx.app, citizen, 'POST', '/api/case-resolution/create/VehicleRegistration', {
      ...body,
      caseResolutionDTO: { ...body.caseResolutionDTO, comments: `Plate ${RLO}21 RK` },
    });
    expect(Object.values(expectApiError(disguisedCase, 400).fields ?? {})).toEqual([freeTextMessages.bidiControl]);
  });
});
