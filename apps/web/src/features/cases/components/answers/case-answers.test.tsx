import type { CaseAnswersResponse, CaseDetailsResponse, CaseResolutionResponse, DecisionDeliveryResponse, Role, UserResponse } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeAuthToken } from '../../../../lib/auth-cookie';
import { i18n } from '../../../../lib/i18n';
import { stubWebSocket } from '../../../../test/fake-websocket';
import { type FakeRequest, routeFetch } from '../../../../test/fetch';
import { renderRoute } from '../../../../test/render';

// Issue 32 points 7 and 8 on a case's screen: the owner's opening delivers the decision (staff's
// never does), the appeal is offered within its days, the waiting request is answered, staff ask.

const person = (role: Role): UserResponse => ({
  id: role === 'USER' ? 7 : 3,
  username: role === 'USER' ? 'anowak' : 'jkowalski',
  email: 'someone@example.org',
  firstName: 'Anna',
  lastName: 'Nowak',
  role,
  phoneNumber: '501234567',
  dateOfBirth: '1990-04-01',
  enabled: true,
});

const item = (status: CaseResolutionResponse['status']): CaseResolutionResponse => ({
  id: 12,
  caseType: 'VEHICLE_REGISTRATION',
  userId: 7,
  case_content_id: 4,
  comments: null,
  additionalDocuments: [],
  status,
  submissionDate: '2026-03-01T09:15:00.000Z',
  statusChangedAt: '2026-03-02T09:15:00.000Z',
  vehicleNumberPlate: 'KR 12345',
  applicant: { firstName: 'Anna', lastName: 'Nowak', username: 'anowak' },
  dueDate: '2026-04-01',
  termMonths: 1,
  complicatedReason: null,
  handlerName: null,
  waitingForCitizen: status === 'IN_PROGRESS',
  onAppeal: false,
});
const details = (status: CaseResolutionResponse['status']): CaseDetailsResponse => ({
  caseResolutionDTO: item(status),
  vehicleRegistrationDTO: null,
  statusHistory: [{ status: 'PENDING', changedAt: '2026-03-01T09:15:00.000Z', reason: null, kind: null }],
  documents: [],
});
const decision = (overrides: Partial<DecisionDeliveryResponse> = {}): DecisionDeliveryResponse => ({
  id: 5,
  status: 'REJECTED',
  decidedAt: '2026-03-02T09:15:00.000Z',
  deliveredAt: null,
  deliveryDate: null,
  deliveredHow: null,
  deemedDeliveryDate: '2026-03-16',
  appealUntil: null,
  appeal: null,
  onAppeal: false,
  ...overrides,
});

function serve(role: Role, status: CaseResolutionResponse['status'], answers: CaseAnswersResponse, onPost: (request: FakeRequest) => unknown = () => undefined) {
  return routeFetch((request) => {
    if (request.path === '/api/users/me') return { body: person(role) };
    if (request.path === '/api/case-resolution/status/PENDING') return { body: [] };
    if (request.path.startsWith('/api/case-resolution/user/')) return { body: [item(status)] };
    if (request.path === '/api/case-resolution/details/12') return { body: details(status) };
    if (request.path === '/api/case-resolution/12/answers') return { body: answers };
    if (request.path === '/api/case-resolution/12/notes') return { body: [] };
    if (request.path === '/api/timeline/cases/12') return { body: { reference: 'C-12', entries: [] } };
    if (request.path.startsWith('/api/contacts/')) return { body: { person: person('USER'), letters: [], cases: [], obligations: [] } };
    if (request.method === 'POST') return { body: onPost(request) };
    return undefined;
  });
}

const openCase = () => screen.findByRole('article', { name: 'Vehicle registration - KR 12345' });

beforeAll(() => import('../../pages/case-resolutions-page'), 60_000);
beforeEach(() => {
  storeAuthToken('token');
  stubWebSocket();
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('answering back on a case', () => {
  it('delivers the decision when its owner\u2019s screen shows it, once, and offers the appeal until its last day', async () => {
    const delivered = decision({ deliveredAt: '2099-01-02T10:00:00.000Z', deliveryDate: '2099-01-02', deliveredHow: 'opened', appealUntil: '2099-01-18' });
    const requests = serve('USER', 'REJECTED', { decision: decision(), supplements: [] }, () => delivered);
    renderRoute('/createCase?case=12');
    const article = await openCase();
    expect(await within(article).findByText('Delivered on 2 January 2099, when you first opened it.')).toBeInTheDocument();
    expect(within(article).getByText('You may appeal this decision until 18 January 2099 (14 days from its delivery).')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Lodge the appeal' })).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/case-resolution/12/delivery')).toHaveLength(1);
  });

  it('reads the timeline again once the owner’s opening is recorded as the delivery, and after an answer without a PDF', async () => {
    const timelineReads = (requests: FakeRequest[]) => requests.filter((request) => request.path === '/api/timeline/cases/12').length;
    const delivered = decision({ deliveredAt: '2099-01-02T10:00:00.000Z', deliveryDate: '2099-01-02', deliveredHow: 'opened', appealUntil: '2099-01-18' });
    const opened = serve('USER', 'REJECTED', { decision: decision(), supplements: [] }, () => delivered);
    renderRoute('/createCase?case=12');
    await within(await openCase()).findByText('Delivered on 2 January 2099, when you first opened it.');
    await waitFor(() => expect(timelineReads(opened)).toBe(2));
  });

  it('never delivers when staff open the decision, and says when the time to appeal ended (in Polish too)', async () => {
    const requests = serve('EMPLOYEE', 'REJECTED', {
      decision: decision({ deliveredHow: 'deemed', deliveryDate: '2026-04-19', deliveredAt: '2026-04-18T22:00:00.000Z', appealUntil: '2026-05-04' }),
      supplements: [],
    });
    renderRoute('/createCase?case=12');
    const article = await openCase();
    expect(await within(article).findByText('The time to appeal ended on 4 May 2026.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('pl'));
    expect(await within(article).findByText('Termin na wniesienie odwołania upłynął 4 maja 2026.')).toBeInTheDocument();
    expect(within(article).getByText('Doręczona 19 kwietnia 2026: nieotwarta w ciągu 14 dni, uznana za doręczoną.')).toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith('/delivery'))).toBe(false);
  });

  it('lets the owner answer the waiting request (its timeline then read again); an empty answer is refused next to the field and sends nothing', async () => {
    const asked = { id: 1, requestedAt: '2026-03-03T10:00:00.000Z', message: 'Upload the signed contract.', documentsNeeded: ['Contract'], answeredAt: null, answer: null, answerDocuments: [] };
    const sent: unknown[] = [];
    const requests = serve('USER', 'IN_PROGRESS', { decision: null, supplements: [asked] }, (request) => {
      sent.push(request.body);
      return { decision: null, supplements: [{ ...asked, answeredAt: '2026-03-04T10:00:00.000Z', answer: 'Attached.' }] };
    });
    renderRoute('/createCase?case=12');
    const article = await openCase();
    expect(await within(article).findByText('Upload the signed contract.')).toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: 'Send the answer' }));
    expect(within(article).getByText('Write your answer.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(within(article).getByLabelText('Your answer'), 'Attached.');
    await userEvent.click(within(article).getByRole('button', { name: 'Send the answer' }));
    await waitFor(() => expect(sent).toEqual([{ answer: 'Attached.', documents: [] }]));
    // No document and no status changed: the timeline is read again all the same, for the answer's entry.
    await waitFor(() => expect(requests.filter((request) => request.path === '/api/timeline/cases/12')).toHaveLength(2));
  });

  it('lets staff ask to supplement an open case, with the documents needed one per line', async () => {
    const sent: unknown[] = [];
    serve('EMPLOYEE', 'PENDING', { decision: null, supplements: [] }, (request) => {
      sent.push(request.body);
      return { decision: null, supplements: [] };
    });
    renderRoute('/createCase?case=12');
    const article = await openCase();
    await userEvent.type(await within(article).findByLabelText('What should the applicant supplement'), 'The contract lacks a signature.');
    await userEvent.type(within(article).getByLabelText('Documents needed (one per line, optional)'), 'Contract{enter}  {enter}ID scan');
    await userEvent.click(within(article).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(sent).toEqual([{ message: 'The contract lacks a signature.', documentsNeeded: ['Contract', 'ID scan'] }]));
  });
});
