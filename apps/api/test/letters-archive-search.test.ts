import { conversationApiMessages, type ConversationListItem } from '@portal/contract';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call, createLetter } from './helpers/letters.js';

/** Issue 19, point 15: a clerk's archive grows; the server finds a conversation by subject, sender or number. */
describeEachEngine('searching the clerk\u2019s archive', (engine) => {
  const ctx = useTestApp(engine);
  let clerk: CreatedUser;
  let colleague: CreatedUser;
  let potholeId: number;
  let benchId: number;
  let othersId: number;

  /** A letter taken and resolved by `employee`; answers its conversation id. */
  async function archived(author: CreatedUser, employee: CreatedUser, subject: string): Promise<{ id: number; letterId: number }> {
    const { id, letterId } = await createLetter(ctx.app, author, { subject });
    expect((await call(ctx.app, employee, 'PUT', `/api/conversations/${id}/take?employeeId=${employee.user.id}`)).statusCode).toBe(200);
    expect((await call(ctx.app, employee, 'PUT', `/api/conversations/${id}/status`, { status: 'RESOLVED' })).statusCode).toBe(200);
    return { id, letterId };
  }

  let benchLetterId: number;
  beforeAll(async () => {
    clerk = await createEmployee(ctx.app);
    colleague = await createEmployee(ctx.app);
    const anna = await createCitizen(ctx.app, { firstName: 'Anna', lastName: 'Nowak' });
    const piotr = await createCitizen(ctx.app, { firstName: 'Piotr', lastName: 'Zieliński' });
    potholeId = (await archived(anna, clerk, 'Pothole on Długa 5')).id;
    const bench = await archived(piotr, clerk, 'Broken bench in the park');
    benchId = bench.id;
    benchLetterId = bench.letterId;
    othersId = (await archived(anna, colleague, 'Pothole near the school')).id;
  });

  const search = async (q: string) => {
    const response = await call(ctx.app, clerk, 'GET', `/api/conversations?status=RESOLVED&employeeId=${clerk.user.id}&q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ConversationListItem[]).map((conversation) => conversation.id);
  };

  it('finds by subject, by the sender\u2019s name and by number, ignoring case, within the clerk\u2019s own archive', async () => {
    expect(await search('POTHOLE')).toEqual([potholeId]);
    expect(await search('anna now')).toEqual([potholeId]);
    expect(await search('Zieliński')).toEqual([benchId]);
    expect(await search(String(benchLetterId))).toContain(benchId);
    expect(await search('  ')).toEqual(expect.arrayContaining([potholeId, benchId]));
    expect(await search('%')).toEqual([]);
    expect(await search('parking permit')).toEqual([]);
    expect(await search('pothole')).not.toContain(othersId);
  });

  it('folds Polish capitals too, on both engines: "łukasz żak" and "świętojańska" find "Łukasz Żak" and "ŚWIĘTOJAŃSKA"', async () => {
    const lukasz = await createCitizen(ctx.app, { firstName: 'Łukasz', lastName: 'Żak' });
    const { id } = await archived(lukasz, clerk, 'Street light out on ŚWIĘTOJAŃSKA');
    expect(await search('łukasz żak')).toEqual([id]);
    expect(await search('świętojańska')).toEqual([id]);
    expect(await search('Świętojańska')).toEqual([id]);
  });

  it('refuses a search text over the limit with a field error', async () => {
    const response = await call(ctx.app, clerk, 'GET', `/api/conversations?status=RESOLVED&q=${'x'.repeat(101)}`);
    expect(expectApiError(response, 400).fields?.q).toBe(conversationApiMessages.searchTooLong);
  });
});
