import { deskMessages, deskMessagesPl } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { i18n } from '../../../lib/i18n';
import { stubWebSocket } from '../../../test/fake-websocket';
import { routeFetch } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';
import { serveLetters, type FakeLettersServer } from '../testing/fake-letters-server';
import { conversation, jan } from '../testing/fixtures';

// Issue 33 point 2: the archive's filters by department and by the days of resolution, beside its search.

const resolved = (overrides: Parameters<typeof conversation>[0]) => conversation({ status: 'RESOLVED', ...overrides });
const archive = [
  resolved({ id: 1, letterId: 51, subject: 'Streetlight on Main Street', recipient: 'Public Works Department', resolvedDate: '2025-03-14T09:30:00.000Z' }),
  resolved({ id: 2, letterId: 52, subject: 'Bench in the park', recipient: 'Parks and Recreation Department', resolvedDate: '2025-04-02T11:00:00.000Z' }),
  resolved({ id: 3, letterId: 53, subject: 'Pothole on Long Street', recipient: 'Public Works Department', resolvedDate: '2025-04-20T12:00:00.000Z' }),
];

beforeAll(() => import('../pages/employee-dashboard-page'), 60_000);

beforeEach(() => {
  storeAuthToken('token');
  stubWebSocket();
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

async function openArchive() {
  renderRoute('/employee');
  await userEvent.click(await screen.findByRole('tab', { name: 'Archived Conversations' }));
  const panel = screen.getByRole('tabpanel', { name: 'Archived Conversations' });
  await within(panel).findAllByRole('listitem');
  return panel;
}

const subjects = (panel: HTMLElement) => within(panel).getAllByRole('listitem').map((item) => within(item).getByText('Subject').nextElementSibling?.textContent);
const archiveCalls = (server: FakeLettersServer) => server.requests.filter((request) => request.path === '/api/conversations' && request.query.get('status') === 'RESOLVED');

describe('archived conversations: filters', () => {
  it('sends the department and the days of resolution as the API names them, and lists what it answers', async () => {
    const server = serveLetters(jan, archive);
    const panel = await openArchive();
    const filters = within(panel).getByRole('search', { name: 'Search and filter the archive' });
    expect(subjects(panel)).toHaveLength(3);

    await userEvent.selectOptions(within(filters).getByLabelText('Department'), 'Public Works Department');
    await waitFor(() => expect(subjects(panel)).toEqual(['Streetlight on Main Street', 'Pothole on Long Street']));
    await userEvent.type(within(filters).getByLabelText('Resolved from'), '2025-04-01');
    await userEvent.type(within(filters).getByLabelText('Resolved to'), '2025-04-30');
    await waitFor(() => expect(subjects(panel)).toEqual(['Pothole on Long Street']));
    expect(within(panel).getByRole('status')).toHaveTextContent('Conversations found: 1');

    const last = archiveCalls(server).at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      status: 'RESOLVED',
      employeeId: String(jan.id),
      department: 'Public Works Department',
      resolvedFrom: '2025-04-01',
      resolvedTo: '2025-04-30',
    });
  });

  it('says when nothing matches, and one button clears every filter and returns to the search', async () => {
    serveLetters(jan, archive);
    const panel = await openArchive();
    await userEvent.selectOptions(within(panel).getByLabelText('Department'), 'City Administration');
    expect(await within(panel).findByText('No archived conversation matches the chosen filters.')).toBeInTheDocument();

    await userEvent.type(within(panel).getByLabelText('Search the archive', { exact: false }), 'bench');
    expect(await within(panel).findByText('No archived conversation matches \u201cbench\u201d and the chosen filters.')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Clear the search and filters' }));
    await waitFor(() => expect(subjects(panel)).toHaveLength(3));
    expect(within(panel).getByRole('searchbox', { name: 'Search the archive' })).toHaveFocus();
    expect(within(panel).getByRole('searchbox', { name: 'Search the archive' })).toHaveValue('');
    expect(within(panel).getByLabelText('Department')).toHaveValue('');
    expect(within(panel).queryByRole('button', { name: 'Clear the search and filters' })).not.toBeInTheDocument();
  });

  it('says a reversed range under "Resolved to" in the API\'s words and sends only the rest', async () => {
    const server = serveLetters(jan, archive);
    const panel = await openArchive();
    await userEvent.type(within(panel).getByLabelText('Resolved from'), '2025-04-01');
    await waitFor(() => expect(subjects(panel)).toEqual(['Bench in the park', 'Pothole on Long Street']));
    const to = within(panel).getByLabelText('Resolved to');
    await userEvent.type(to, '2025-03-01');

    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription(deskMessages.rangeReversed);
    expect(archiveCalls(server).some((request) => request.query.has('resolvedTo'))).toBe(false);
    expect(subjects(panel)).toEqual(['Bench in the park', 'Pothole on Long Street']);

    await act(() => i18n.changeLanguage('pl'));
    await waitFor(() => expect(within(panel).getByLabelText('Data zakończenia do')).toHaveAccessibleDescription(deskMessagesPl.rangeReversed));
  });

  it("shows the server's refusal of a field under that field", async () => {
    // An API stricter than this screen's check: it refuses a day the screen lets through.
    routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: jan };
      if (request.path !== '/api/conversations') return undefined;
      if (request.query.has('resolvedFrom')) return { status: 400, body: { error: 'ValidationError', message: 'The request has invalid fields.', fields: { resolvedFrom: deskMessages.dateInvalid } } };
      return { body: request.query.get('status') === 'RESOLVED' ? archive : [] };
    });
    const panel = await openArchive();
    const from = within(panel).getByLabelText('Resolved from');
    await userEvent.type(from, '2025-04-01');
    await waitFor(() => expect(from).toHaveAccessibleDescription(deskMessages.dateInvalid));
    expect(from).toHaveAttribute('aria-invalid', 'true');
  });
});
