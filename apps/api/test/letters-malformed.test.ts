import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { countRows, letterBody, messageBody, statusOf, takenConversation } from './helpers/letters.js';

/** A raw body: an object is sent as JSON, a string as is with its content type. */
type Malformed = { name: string; body: unknown; contentType?: string };

const huge = 'x'.repeat(1_100_000);
const common = (valid: Record<string, unknown>): Malformed[] => [
  { name: 'no body', body: undefined },
  { name: 'empty object', body: {} },
  { name: 'JSON null', body: 'null', contentType: 'application/json' },
  { name: 'JSON array', body: '[1,2,3]', contentType: 'application/json' },
  { name: 'JSON string', body: '"RESOLVED"', contentType: 'application/json' },
  { name: 'JSON number', body: '42', contentType: 'application/json' },
  { name: 'broken JSON', body: '{"status": ', contentType: 'application/json' },
  { name: 'trailing garbage', body: `${JSON.stringify(valid)}xyz`, contentType: 'application/json' },
  { name: 'form-encoded', body: 'status=RESOLVED&content=hi', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', body: 'hello', contentType: 'text/plain' },
  { name: 'XML', body: '<status>RESOLVED</status>', contentType: 'application/xml' },
  { name: 'body over 1 MiB', body: { ...valid, content: huge, status: huge } },
  { name: 'NUL character', body: Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, typeof v === 'string' ? `a\u0000b` : v])) },
];

describeEachEngine('malformed bodies on the letter write endpoints get 4xx and write nothing', (engine) => {
  const ctx = useTestApp(engine);
  let citizen: CreatedUser;
  let employee: CreatedUser;

  beforeAll(async () => {
    [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
  });

  async function send(who: CreatedUser, method: 'POST' | 'PUT', url: string, { body, contentType }: Malformed) {
    const headers: Record<string, string> = { ...who.headers };
    if (contentType) headers['content-type'] = contentType;
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    if (payload !== undefined && !contentType) headers['content-type'] = 'application/json';
    return ctx.app.inject({ method, url, headers, payload });
  }

  async function expectAll4xx(cases: Malformed[], who: () => CreatedUser, method: 'POST' | 'PUT', url: () => string) {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    for (const malformed of cases) {
      const response = await send(who(), method, url(), malformed);
      if (response.statusCode < 400 || response.statusCode > 499) failures.push(`${malformed.name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      else expect(response.json()).toHaveProperty('message');
    }
    expect(failures).toEqual([]);
  }

  it('POST /api/letters', async () => {
    const valid = letterBody(citizen);
    const cases: Malformed[] = [
      ...common(valid),
      { name: 'userID as string', body: { ...valid, userID: String(citizen.user.id) } },
      { name: 'userID true', body: { ...valid, userID: true } },
      { name: 'userID in an array', body: { ...valid, userID: [citizen.user.id] } },
      { name: 'userID fraction', body: { ...valid, userID: citizen.user.id + 0.5 } },
      { name: 'userID missing', body: { ...valid, userID: undefined } },
      { name: 'unknown department', body: { ...valid, recipient: 'Ministry of Magic' } },
      { name: 'department in lower case', body: { ...valid, recipient: 'city administration' } },
      { name: 'subject a number', body: { ...valid, subject: 12 } },
      { name: 'subject an object', body: { ...valid, subject: { $ne: '' } } },
      { name: 'blank subject', body: { ...valid, subject: '   ' } },
      { name: 'blank content', body: { ...valid, content: '\n\n' } },
      { name: 'content null', body: { ...valid, content: null } },
      { name: 'subject over 200 characters', body: { ...valid, subject: 's'.repeat(201) } },
      { name: 'content over 10000 characters', body: { ...valid, content: 'c'.repeat(10_001) } },
      { name: 'sentAt not a date', body: { ...valid, sentAt: 'yesterday' } },
      { name: 'sentAt a number', body: { ...valid, sentAt: 1_700_000_000 } },
      { name: 'SQL-ish userID', body: { ...valid, userID: '1; DROP TABLE letters' } },
    ];
    const before = [await countRows(ctx.app, 'letters'), await countRows(ctx.app, 'conversations')];
    await expectAll4xx(cases, () => citizen, 'POST', () => '/api/letters');
    expect([await countRows(ctx.app, 'letters'), await countRows(ctx.app, 'conversations')]).toEqual(before);
  });

  it('POST /api/conversations/{id}/messages/send', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const valid = messageBody(conversation.id, citizen);
    const cases: Malformed[] = [
      ...common(valid),
      { name: 'content missing', body: { ...valid, content: undefined } },
      { name: 'content blank', body: { ...valid, content: ' \t ' } },
      { name: 'content a number', body: { ...valid, content: 5 } },
      { name: 'content an array', body: { ...valid, content: ['hi'] } },
      { name: 'content over 5000 characters', body: { ...valid, content: 'm'.repeat(5_001) } },
      { name: 'senderId missing', body: { ...valid, senderId: undefined } },
      { name: 'senderId string', body: { ...valid, senderId: String(citizen.user.id) } },
      { name: 'senderId negative', body: { ...valid, senderId: -1 } },
      { name: 'conversationId missing', body: { ...valid, conversationId: undefined } },
      { name: 'conversationId of another conversation', body: { ...valid, conversationId: conversation.id + 1000 } },
      { name: 'conversationId zero', body: { ...valid, conversationId: 0 } },
      { name: 'sentAt garbage', body: { ...valid, sentAt: 'now' } },
    ];
    const before = await countRows(ctx.app, 'messages');
    await expectAll4xx(cases, () => citizen, 'POST', () => `/api/conversations/${conversation.id}/messages/send`);
    expect(await countRows(ctx.app, 'messages')).toBe(before);
  });

  it('PUT /api/conversations/{id}/status', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const valid = { status: 'RESOLVED' };
    const cases: Malformed[] = [
      ...common(valid),
      { name: 'status lower case', body: { status: 'resolved' } },
      { name: 'status unknown', body: { status: 'CLOSED' } },
      { name: 'status a number', body: { status: 2 } },
      { name: 'status null', body: { status: null } },
      { name: 'status an array', body: { status: ['RESOLVED'] } },
      { name: 'status with spaces', body: { status: ' RESOLVED ' } },
      { name: 'status OPEN (going back)', body: { status: 'OPEN' } },
      { name: 'status IN_PROGRESS (not through take)', body: { status: 'IN_PROGRESS' } },
      { name: 'SQL-ish status', body: { status: "RESOLVED' OR 1=1 --" } },
      { name: 'unicode status', body: { status: 'RESOLVED\u200b' } },
    ];
    await expectAll4xx(cases, () => employee, 'PUT', () => `/api/conversations/${conversation.id}/status`);
    expect(await statusOf(ctx.app, conversation.id)).toMatchObject({ status: 'IN_PROGRESS', resolved_date: null });
  });

  it('PUT /api/conversations/{id}/take with malformed addresses', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const other = await createEmployee(ctx.app);
    const urls = [
      '/api/conversations/abc/take',
      '/api/conversations/0/take',
      '/api/conversations/-1/take',
      '/api/conversations/1.5/take',
      '/api/conversations/99999999999/take',
      `/api/conversations/${conversation.id}/take?employeeId=abc`,
      `/api/conversations/${conversation.id}/take?employeeId=0`,
      `/api/conversations/${conversation.id}/take?employeeId=1%3B%20DROP%20TABLE%20users`,
      `/api/conversations/${conversation.id}/take?employeeId=${employee.user.id}`,
      `/api/conversations/${conversation.id}/take`,
    ];
    for (const url of urls) {
      const response = await ctx.app.inject({ method: 'PUT', url, headers: other.headers });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect(await statusOf(ctx.app, conversation.id)).toMatchObject({ status: 'IN_PROGRESS', employee_id: employee.user.id });
  });
});
