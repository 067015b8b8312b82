import type { PublicPerformanceResponse } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';

const answer: PublicPerformanceResponse = {
  generatedAt: '2026-03-18T10:00:00.000Z',
  from: '2025-03-19',
  to: '2026-03-18',
  minimumMatters: 10,
  units: [
    { unit: 'City Administration', received: null, resolved: null, medianDaysToAnswer: null },
    { unit: 'Public Works Department', received: 1234, resolved: 1200, medianDaysToAnswer: 6.5 },
    { unit: 'Parks and Recreation Department', received: 15, resolved: null, medianDaysToAnswer: null },
    { unit: 'Case Resolutions', received: null, resolved: null, medianDaysToAnswer: null },
  ],
};

describe('the public performance page', () => {
  it('shows each department\u2019s figures without a sign-in, "not enough data" where fewer than 10 matters stand behind one, and the open data', async () => {
    const requests = routeFetch((request) => (request.path === '/api/public/performance' ? { body: answer } : undefined));
    renderRoute('/performance');
    expect(await screen.findByRole('heading', { level: 1, name: 'How the office answers' }, { timeout: 60_000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Received and resolved in the last 12 months, per department' });
    const works = within(table).getByRole('rowheader', { name: 'Public Works Department' }).closest('tr') as HTMLElement;
    expect(within(works).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1,234', '1,200', '6.5']);
    const parks = within(table).getByRole('rowheader', { name: 'Parks and Recreation Department' }).closest('tr') as HTMLElement;
    expect(within(parks).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['15', 'Not enough data', 'Not enough data']);
    expect(screen.getByText(/from 19 March 2025 to 18 March 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute('href', '/api/public/performance.csv');
    expect(screen.getByRole('link', { name: 'Download as JSON' })).toHaveAttribute('href', '/api/public/performance');
    // Nobody signed in: the page asks only for the open data.
    expect(requests.map((request) => request.path)).toEqual(['/api/public/performance']);
  }, 90_000);

  it('says so when the figures cannot be loaded', async () => {
    routeFetch((request) => (request.path === '/api/public/performance' ? { status: 503, body: { message: 'Service Unavailable' } } : undefined));
    renderRoute('/performance');
    expect(await screen.findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent('The figures could not be loaded.');
  });
});
