import type { PerformanceDashboardResponse, PerformanceUnitFigures, UserResponse } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../../../../lib/auth-cookie';
import { routeFetch } from '../../../../test/fetch';
import { renderRoute } from '../../../../test/render';

// Chart.js cannot draw in jsdom: the chart is a stand-in that shows what it was given.
vi.mock('react-chartjs-2', () => ({
  Bar: (props: { 'aria-label'?: string; data: { labels: string[]; datasets: { label: string; data: number[] }[] } }) => (
    <div data-testid="performance-chart" aria-label={props['aria-label']} role="img">
      {props.data.datasets.map((set) => `${set.label}: ${set.data.join(',')}`).join('; ')}
    </div>
  ),
}));

const admin: UserResponse = {
  id: 1,
  username: 'admin',
  email: 'admin@urzad.example.pl',
  firstName: 'Katarzyna',
  lastName: 'Wójcik',
  role: 'ADMIN',
  phoneNumber: '221234567',
  dateOfBirth: '1980-03-14',
  enabled: true,
};
const weeks = Array.from({ length: 12 }, (_, index) => ({
  weekStart: `2026-${index < 1 ? '12-29' : '01-05'}`,
  received: 0,
  resolved: 0,
  medianHoursToFirstReply: null,
  medianHoursToDecision: null,
}));
const unit = (name: PerformanceUnitFigures['unit'], overrides: Partial<PerformanceUnitFigures> = {}): PerformanceUnitFigures => ({
  unit: name,
  openNow: 0,
  overdueNow: 0,
  ratings: null,
  weeks: weeks.map((week, index) => ({ ...week, weekStart: `2026-01-${String(5 + index).padStart(2, '0')}` })),
  ...overrides,
});
const answer: PerformanceDashboardResponse = {
  generatedAt: '2026-03-18T10:00:00.000Z',
  units: [
    unit('City Administration', {
      openNow: 2,
      overdueNow: 1,
      weeks: weeks.map((week, index) => ({ ...week, weekStart: `2026-01-${String(5 + index).padStart(2, '0')}`, received: index, resolved: index === 11 ? 3 : 0, medianHoursToFirstReply: index === 11 ? 4.5 : null })),
    }),
    unit('Public Works Department'),
    unit('Parks and Recreation Department'),
    unit('Case Resolutions', { openNow: 7 }),
  ],
};

beforeEach(() => storeAuthToken('token'));

describe('the Admin Dashboard\u2019s Performance tab', () => {
  it('shows a department\u2019s open and overdue counts, "no ratings yet", the chart and the same weeks as a table; another unit on choice', async () => {
    routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: admin };
      if (request.path === '/api/users/employees') return { body: [] };
      if (request.path === '/api/account-closures') return { body: [] };
      if (request.path === '/api/admin/performance') return { body: answer };
      return undefined;
    });
    renderRoute('/admin');
    // The Admin Dashboard's code loads lazily: on a busy machine its first import takes long.
    await userEvent.click(await screen.findByRole('tab', { name: 'Performance' }, { timeout: 60_000 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Performance per department' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(await screen.findByText('Overdue now')).toBeInTheDocument();
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(await screen.findByTestId('performance-chart', {}, { timeout: 30_000 })).toHaveTextContent('Received: 0,1,2,3,4,5,6,7,8,9,10,11; Resolved: 0,0,0,0,0,0,0,0,0,0,0,3');
    const table = screen.getByRole('table', { name: 'City Administration, per week' });
    const last = within(table).getAllByRole('row').at(-1) as HTMLElement;
    expect(within(last).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['11', '3', '4.5', '—']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'Case Resolutions');
    expect(await screen.findByRole('table', { name: 'Case Resolutions, per week' })).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
  }, 120_000);
});
