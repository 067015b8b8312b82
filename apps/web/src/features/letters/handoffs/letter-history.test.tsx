import type { ConversationHandoffsResponse } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { stubWebSocket } from '../../../test/fake-websocket';
import { type FakeAnswer, type FakeRequest, routeFetch } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';
import { anna, conversation } from '../testing/fixtures';

/*
 * Issue 33 and 32 on the citizen's User Dashboard: a resolved letter shows where it went and why,
 * and offers Reopen until the last day the server says; the reason is checked with the contract
 * before it is sent, and a 409 (the window ended) is said in words next to the letter.
 */
const history: ConversationHandoffsResponse = {
  items: [
    {
      kind: 'transfer',
      at: '2025-12-01T09:00:00.000Z',
      fromDepartment: 'Public Works Department',
      toDepartment: 'Parks and Recreation Department',
      fromEmployeeName: 'Jan Kowalski',
      toEmployeeName: null,
      reason: 'The bench is in a park.',
    },
  ],
  reopen: { until: '2025-12-17', remaining: 3, allowed: true },
};

function serve(reopen: (request: FakeRequest) => FakeAnswer) {
  return routeFetch((request) => {
    if (request.path === '/api/users/me') return { body: anna };
    if (request.path === `/api/conversations/user/${anna.id}`) return { body: [conversation({ status: 'RESOLVED', resolvedDate: '2025-12-03T10:00:00.000Z', recipient: 'Parks and Recreation Department' })] };
    if (request.path === '/api/conversations/11/messages') return { body: [] };
    if (request.path === '/api/conversations/11/handoffs') return { body: history };
    if (request.method === 'PUT' && request.path === '/api/conversations/11/reopen') return reopen(request);
    return undefined;
  });
}

async function openResolvedLetter() {
  renderRoute('/user');
  expect(await screen.findByRole('heading', { level: 1, name: 'User Dashboard' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'Your Conversations' }));
  const panel = screen.getByRole('tabpanel', { name: 'Your Conversations' });
  await userEvent.click(await within(panel).findByRole('button', { name: /Broken streetlight/ }));
  return within(panel).findByRole('region', { name: 'Where the letter went' });
}

beforeEach(() => {
  storeAuthToken('token');
  stubWebSocket();
});

describe('a citizen\u2019s resolved letter', () => {
  it('shows the transfer with its reason and reopens with a reason checked first', async () => {
    const requests = serve(() => ({ body: conversation({ status: 'IN_PROGRESS' }) }));
    const section = await openResolvedLetter();
    expect(within(section).getByText(/Transferred from Public Works Department to Parks and Recreation Department/)).toBeInTheDocument();
    expect(within(section).getByText('Reason: The bench is in a park.')).toBeInTheDocument();
    expect(within(section).getByText('You may reopen this letter until 17 December 2025 (3 of 3 reopenings left).')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Reopen the letter' }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen the letter' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(within(dialog).getByText('Write the reason.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Why are you reopening it\?/), 'The bench is broken again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ reason: 'The bench is broken again.' }));
    expect(await screen.findByText('Your letter was reopened.')).toBeInTheDocument();
  });

  it('says why the server refused (the window ended), next to the letter', async () => {
    const refusal = 'This letter could be reopened until 17 December 2025; that time has passed.';
    serve(() => ({ status: 409, body: { error: 'Conflict', message: refusal } }));
    const section = await openResolvedLetter();
    await userEvent.click(within(section).getByRole('button', { name: 'Reopen the letter' }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen the letter' });
    await userEvent.type(within(dialog).getByLabelText(/Why are you reopening it\?/), 'Still broken.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(section).findByText(refusal)).toBeInTheDocument();
  });
});
