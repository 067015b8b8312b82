import { obligationMessages as m, type UserResponse, type UserSummary } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { routeFetch, type FakeAnswer, type FakeRequest } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';

const FIRST_LOOK = { timeout: 15_000 };

/** A row of GET /api/users: the summary staff get, without personal data (issue 17). */
const person = (id: number, username: string, role: UserSummary['role'] = 'USER'): UserSummary => ({
  id,
  username,
  firstName: username.slice(1, 2).toUpperCase() + username.slice(2, 6),
  lastName: 'Testowa',
  role,
});

/** GET /api/users/me: the caller's own full record. */
const jan: UserResponse = { ...person(2, 'jkowalski', 'EMPLOYEE'), email: 'jkowalski@example.pl', phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };
const anowak = person(10, 'anowak');
const andrzej = person(11, 'andrzej7');
const bkowal = person(12, 'bkowalska');

const owed = (id: number, description: string, createdAt: string) => ({
  id,
  interestId: anowak.id,
  amount: '50.00',
  dueDate: '2030-01-31',
  issueDate: '2030-01-01',
  paymentStatus: 'PENDING' as const,
  description,
  createdAt,
  transfer: null,
});
/** What anowak already owes: six, so the panel shows the five newest. */
const anowakHas = Array.from({ length: 6 }, (_, index) => owed(index + 1, `Fee ${index + 1}`, `2030-01-0${index + 1}T10:00:00.000Z`));

function serve(extra: (request: FakeRequest) => FakeAnswer | undefined = () => undefined) {
  return routeFetch((request) => {
    if (request.path === '/api/users/me') return { body: jan };
    if (request.path === '/api/users/labels') return { body: ['AN', 'BK', 'ŻA'] };
    if (request.path === '/api/users' && request.query.get('prefix') === 'AN') return { body: [andrzej, anowak] };
    if (request.path === '/api/users' && request.query.get('q') === 'kow') return { body: [bkowal] };
    if (request.path === '/api/users' && request.query.get('q') === 'an') return { body: [andrzej, anowak] };
    const answer = extra(request);
    if (answer) return answer;
    if (request.path === `/api/financial-obligations/by-interest-id/${anowak.id}`) return { body: anowakHas };
    return undefined;
  });
}

async function openPage() {
  renderRoute('/createObligations');
  expect(await screen.findByRole('heading', { level: 1, name: 'Create Obligations' }, FIRST_LOOK)).toBeInTheDocument();
  return screen.findByRole('region', { name: m.labels }, FIRST_LOOK);
}

const form = () => screen.getByRole('form');

async function fill({ amount = '120.50', due = '2030-03-31', issue = '2030-03-01', description = 'Waste fee' } = {}) {
  await userEvent.type(within(form()).getByLabelText('Amount'), amount);
  await userEvent.clear(within(form()).getByLabelText('Issue date'));
  await userEvent.type(within(form()).getByLabelText('Issue date'), issue);
  await userEvent.type(within(form()).getByLabelText('Due date'), due);
  await userEvent.type(within(form()).getByLabelText(/Description/), description);
}

// The route loads the page lazily. Its first import in a worker (compiling the feature) took longer
// than a find waits on a busy CI machine, and failed a test that was fine: it is loaded here, in a
// hook with a minute's room, so the tests' finds wait only for what they check.
beforeAll(() => import('./create-obligations-page'), 60_000);

beforeEach(() => storeAuthToken('token'));

describe('Create Obligations', () => {
  it("shows the server's labels (citizens only), 'Search user...' and 'Select a user to create an obligation.'", async () => {
    const requests = serve();
    const panel = await openPage();
    expect(within(panel).getByRole('heading', { name: m.labels })).toBeInTheDocument();
    expect(within(panel).getByPlaceholderText(m.searchUser)).toBeInTheDocument();
    const labels = await within(panel).findAllByRole('button', { expanded: false });
    expect(labels.map((label) => label.textContent?.replace(/[\u25b8\u25be]/g, ''))).toEqual(['AN', 'BK', 'ŻA']);
    expect(requests.some((request) => request.path === '/api/users/labels' && request.query.get('role') === 'USER')).toBe(true);
    // The whole user list is never asked for.
    expect(requests.some((request) => request.path === '/api/users' && [...request.query.keys()].length === 0)).toBe(false);
    expect(screen.getByRole('heading', { name: m.createFor })).toBeInTheDocument();
    expect(screen.getByText(m.selectUserPrompt)).toBeInTheDocument();
  });

  it("says 'Please select a user.' when submitted without one, and the required messages under the fields, sending nothing", async () => {
    const requests = serve();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Create Obligation' }));
    // The spec's alert, and the same words at the user picker and first in the error summary.
    const search = await screen.findByLabelText('Find a citizen by username');
    await waitFor(() => expect(search).toHaveAttribute('aria-invalid', 'true'));
    expect(search).toHaveAccessibleDescription(m.selectUser);
    expect(within(screen.getByRole('alert', { name: 'There is a problem' })).getAllByRole('link')[0]).toHaveTextContent(m.selectUser);
    // Under the fields (the error summary at the form's top lists them too).
    expect(within(form()).getByText(m.amountRequired, { selector: '.field__error' })).toBeInTheDocument();
    expect(within(form()).getByText(m.dueDateRequired, { selector: '.field__error' })).toBeInTheDocument();
    expect(within(form()).getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Create Obligation' }));
    await waitFor(() => expect(screen.getAllByText(m.selectUser).length).toBeGreaterThan(0));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('opens a label to list its users, creates for the chosen one, then resets the form and deselects', async () => {
    const requests = serve((request) =>
      request.method === 'POST' && request.path === '/api/financial-obligations'
        ? { status: 201, body: { id: 99, createdAt: '2030-03-01T10:00:00.000Z', transfer: null, ...(request.body as object) } }
        : undefined,
    );
    let panel = await openPage();
    await userEvent.click(await within(panel).findByRole('button', { name: /AN/ }));
    expect(within(panel).getByRole('button', { name: /AN/, expanded: true })).toBeInTheDocument();
    const users = await within(panel).findByRole('list', { name: 'Citizens under AN' });
    expect(within(users).getAllByRole('button').map((button) => button.querySelector('.user-list__username')?.textContent)).toEqual(['andrzej7', 'anowak']);
    expect(requests.find((request) => request.query.get('prefix') === 'AN')?.query.get('limit')).toBe('51');

    await userEvent.click(within(users).getByRole('button', { name: /^anowak/ }));
    expect(screen.getByRole('heading', { name: `${m.createFor} anowak` })).toBeInTheDocument();
    expect(screen.queryByText(m.selectUserPrompt)).toBeNull();
    // Beside the form: what the citizen already owes, newest first, five of six.
    const recent = await screen.findByRole('region', { name: 'Recent obligations of Nowak Testowa' });
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(5));
    expect(within(recent).getAllByRole('listitem')[0]).toHaveTextContent('FO 6 Fee 6');
    expect(recent).toHaveTextContent('The 5 newest of 6.');
    await userEvent.type(within(panel).getByLabelText('Find a citizen by username'), 'an');

    await fill({ amount: '0.10' });
    await userEvent.selectOptions(within(form()).getByLabelText('Payment status'), 'OVERDUE');
    await userEvent.click(screen.getByRole('button', { name: 'Create Obligation' }));

    // First a summary to confirm; nothing is sent before the yes.
    const dialog = await screen.findByRole('dialog', { name: 'Create this obligation?' });
    expect(dialog).toHaveTextContent('You are charging Nowak Testowa 0.10 PLN, due 31 March 2030.');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Obligation' }));

    expect(await screen.findByText(m.created)).toBeInTheDocument();
    // A panel that stays: reference, citizen, amount and due date.
    const result = screen.getByRole('region', { name: 'Obligation created' });
    expect(result).toHaveTextContent('ReferenceFO 99');
    expect(result).toHaveTextContent('CitizenNowak Testowa (anowak)');
    expect(result).toHaveTextContent('Amount0.10 PLN');
    expect(result).toHaveTextContent('Due date31 Mar 2030');
    // The search text is cleared, so the labels show again.
    panel = screen.getByRole('region', { name: m.labels });
    expect(within(panel).getByLabelText('Find a citizen by username')).toHaveValue('');
    expect(await within(panel).findByRole('button', { name: /AN/ })).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    // The amount travels as the exact text typed, never as a float.
    expect(post?.body).toEqual({
      interestId: anowak.id,
      amount: '0.10',
      dueDate: '2030-03-31',
      issueDate: '2030-03-01',
      paymentStatus: 'OVERDUE',
      description: 'Waste fee',
    });
    await waitFor(() => expect(screen.getByRole('heading', { name: m.createFor })).toBeInTheDocument());
    expect(screen.getByText(m.selectUserPrompt)).toBeInTheDocument();
    expect(within(form()).getByLabelText('Amount')).toHaveValue(null);
    expect(within(form()).getByLabelText('Due date')).toHaveValue('');
    expect(within(form()).getByLabelText('Payment status')).toHaveValue('PENDING');
    // The whole journey (pick, check, confirm, result) types a lot: more than the default 5 s on a loaded machine.
  }, 20_000);

  it('searches usernames on the server as one types', async () => {
    const requests = serve();
    const panel = await openPage();
    await userEvent.type(within(panel).getByPlaceholderText(m.searchUser), 'kow');
    const results = await within(panel).findByRole('list', { name: 'Citizens matching \u201ckow\u201d' });
    expect(within(results).getByRole('button', { name: /^bkowalska/ })).toBeInTheDocument();
    expect(requests.some((request) => request.query.get('q') === 'kow' && request.query.get('role') === 'USER')).toBe(true);
  });

  it("pages a long list with 'Show more', continuing after the last username", async () => {
    const many = Array.from({ length: 51 }, (_, index) => person(100 + index, `an${String(index).padStart(3, '0')}`));
    const requests = routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: jan };
      if (request.path === '/api/users/labels') return { body: ['AN'] };
      if (request.path === '/api/users' && request.query.get('prefix') === 'AN') {
        return { body: request.query.get('after') === 'an049' ? [person(999, 'anzz')] : many };
      }
      return undefined;
    });
    const panel = await openPage();
    await userEvent.click(await within(panel).findByRole('button', { name: /AN/ }));
    const list = await within(panel).findByRole('list', { name: 'Citizens under AN' });
    expect(within(list).getAllByRole('button')).toHaveLength(50);
    await userEvent.click(within(panel).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(51));
    expect(requests.at(-1)?.query.get('after')).toBe('an049');
    expect(within(panel).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows nothing when the creation fails (spec section 8: only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve((request) => (request.method === 'POST' ? { status: 500, body: { error: 'InternalServerError', message: 'x' } } : undefined));
    const panel = await openPage();
    await userEvent.click(await within(panel).findByRole('button', { name: /AN/ }));
    await userEvent.click(await within(panel).findByRole('button', { name: /^anowak/ }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Create Obligation' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create Obligation' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(m.created)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: `${m.createFor} anowak` })).toBeInTheDocument();
  });
});
