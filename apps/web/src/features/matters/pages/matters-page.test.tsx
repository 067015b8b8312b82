import type { MatterListItem } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { FakeWebSocket, stubWebSocket } from '../../../test/fake-websocket';
import { routeFetch } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';

const citizen = { id: 1, username: 'anowak', email: 'a@example.org', firstName: 'Anna', lastName: 'Nowak', role: 'USER', phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };

// The route loads the page lazily: its first import (compiling the feature) is done here, with a
// minute's room, so the finds below wait only for what they check.
beforeAll(() => import('./matters-page'), 60_000);

const base = { caseType: null, vehicleNumberPlate: null, amount: null, subject: null, overdue: false } as const;
const letter: MatterListItem = {
  ...base,
  kind: 'letter', id: 7, reference: 'L-4', subject: 'Broken street lamp', status: 'IN_PROGRESS', state: 'waiting-for-me',
  lastActivityAt: '2026-12-01T09:00:00.000Z', nextStep: 'letterAnswered', dueDate: '2026-12-29',
};
const overdueCase: MatterListItem = {
  ...base,
  kind: 'case', id: 12, reference: 'C-12', caseType: 'VEHICLE_REGISTRATION', vehicleNumberPlate: 'WA 4411K', status: 'PENDING',
  state: 'waiting-for-office', lastActivityAt: '2026-10-01T09:00:00.000Z', nextStep: 'caseWaitsForClerk', dueDate: '2026-11-02', overdue: true,
};
const payment: MatterListItem = {
  ...base,
  kind: 'obligation', id: 3, reference: 'FO 3', subject: 'Waste collection fee', amount: '120.50', status: 'PENDING', state: 'waiting-for-me',
  lastActivityAt: '2026-09-01T09:00:00.000Z', nextStep: 'obligationToPay', dueDate: '2027-01-31',
};

describe('"My matters"', () => {
  it('lists each matter with its reference, status, due date and next step, marks the overdue one in words, and links each to its screen', async () => {
    storeAuthToken('token');
    routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: citizen };
      if (request.path === '/api/matters') return { body: { items: [letter, overdueCase, payment], page: 1, pageSize: 20, total: 3 } };
      return undefined;
    });
    renderRoute('/matters');

    // The page's code loads on first visit: wait for its answer, not for a time.
    expect(await screen.findByText('Matters found: 3')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'My matters' })).toBeInTheDocument();
    const entry = (name: RegExp) => screen.getByRole('link', { name }).closest('li')!;
    const [first, second, third] = [entry(/L-4.*Broken street lamp/), entry(/C-12.*Vehicle registration - WA 4411K/), entry(/FO 3.*Waste collection fee/)];
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/user?conversation=7');
    expect(first).toHaveTextContent('The clerk has answered: read the reply and write back if you need to.');
    expect(within(second).getByRole('link')).toHaveAttribute('href', '/createCase?case=12');
    expect(second).toHaveTextContent('Overdue');
    expect(second).toHaveTextContent('2 November 2026');
    expect(within(third).getByRole('link')).toHaveAttribute('href', '/financial-obligations?obligation=3');
    expect(third).toHaveTextContent('Pay by');
    expect(third).not.toHaveTextContent('Overdue');
  });

  it('asks the server again for each filter and for the search, from the first page, and says when nothing matches', async () => {
    storeAuthToken('token');
    const requests = routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: citizen };
      if (request.path !== '/api/matters') return undefined;
      const items = request.query.get('q') ? [] : request.query.get('kind') === 'case' ? [overdueCase] : [letter, overdueCase, payment];
      return { body: { items, page: 1, pageSize: 20, total: items.length } };
    });
    renderRoute('/matters');
    await screen.findByText('Matters found: 3');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'case');
    expect(await screen.findByText('Matters found: 1')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Whose move' }), 'waiting-for-office');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing');
    expect(await screen.findByText('No matter matches these filters.')).toBeInTheDocument();
    const last = requests.filter((request) => request.path === '/api/matters').at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ kind: 'case', state: 'waiting-for-office', q: 'nothing', page: '1' });
  });

  it('says a case asked to be supplemented waits for the citizen with its term standing still, and a case on appeal waits for the office', async () => {
    storeAuthToken('token');
    const asked: MatterListItem = { ...overdueCase, id: 13, reference: 'C-13', state: 'waiting-for-me', nextStep: 'caseWaitsForYou', dueDate: null, overdue: false };
    const appealed: MatterListItem = { ...overdueCase, id: 14, reference: 'C-14', nextStep: 'caseOnAppeal', dueDate: '2027-02-01', overdue: false };
    routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: citizen };
      if (request.path === '/api/matters') return { body: { items: [asked, appealed], page: 1, pageSize: 20, total: 2 } };
      return undefined;
    });
    renderRoute('/matters');
    await screen.findByText('Matters found: 2');
    const facts = (reference: string) =>
      within(screen.getByRole('link', { name: new RegExp(reference) }).closest('li')!)
        .getAllByRole('definition')
        .map((definition) => definition.textContent);
    // No date while the office waits, and the reader is told why rather than left with a gap.
    expect(facts('C-13')).toEqual([
      'Pending',
      expect.any(String),
      'The term is paused until you answer',
      'The office has asked you to supplement your case: answer on the case’s page.',
    ]);
    expect(facts('C-14')).toEqual(['Pending', expect.any(String), '1 February 2027', 'The office is examining your appeal and will decide the case again.']);
  });

  it('follows the office while it is open: a bell entry over the live connection brings the matter\u2019s new state without a reload', async () => {
    stubWebSocket();
    storeAuthToken('token');
    let answered = false;
    routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: citizen };
      if (request.path !== '/api/matters') return undefined;
      // Before the delay notice the case is overdue; after it, the office's new date stands.
      const item: MatterListItem = answered ? { ...overdueCase, overdue: false, dueDate: '2027-01-15', lastActivityAt: '2026-12-07T10:00:00.000Z' } : overdueCase;
      return { body: { items: [item], page: 1, pageSize: 20, total: 1 } };
    });
    renderRoute('/matters');
    expect(await screen.findByText('2 November 2026')).toBeInTheDocument();
    const socket = FakeWebSocket.latest();
    socket.open();

    answered = true;
    socket.receive({ type: 'notification', kind: 'delay-notice' });
    expect(await screen.findByText('15 January 2027')).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('reads the list afresh when the citizen comes back to it from another screen', async () => {
    storeAuthToken('token');
    let asked = 0;
    routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: citizen };
      if (request.path !== '/api/matters') return undefined;
      asked += 1;
      // The first answer: the case waits for the citizen; by the second, they have answered.
      const item: MatterListItem = asked === 1 ? { ...overdueCase, state: 'waiting-for-me', nextStep: 'caseWaitsForYou', dueDate: null, overdue: false } : { ...overdueCase, overdue: false };
      return { body: { items: [item], page: 1, pageSize: 20, total: 1 } };
    });
    renderRoute('/matters');
    expect(await screen.findByText('The term is paused until you answer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /C-12.*Vehicle registration - WA 4411K/ }));
    await userEvent.click(await screen.findByRole('link', { name: 'My matters' }));
    expect(await screen.findByText('A clerk will take up your case and examine it.')).toBeInTheDocument();
    expect(screen.queryByText('The term is paused until you answer')).not.toBeInTheDocument();
  });

  it('says so when the matters cannot be loaded', async () => {
    storeAuthToken('token');
    routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: citizen };
      if (request.path === '/api/matters') return { status: 500, body: { error: 'InternalServerError', message: 'Something went wrong.' } };
      return undefined;
    });
    renderRoute('/matters');
    expect(await screen.findByText('Your matters could not be loaded. Try again later.')).toBeInTheDocument();
  });
});
