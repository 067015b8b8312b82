import { obligationMessages as m, type ObligationResponse, type UserResponse } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { routeFetch } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';

// Chart.js cannot draw in jsdom: the chart is a stand-in that shows what it was given.
vi.mock('react-chartjs-2', () => ({
  Bar: (props: { data: { labels: string[]; datasets: { label: string; data: number[] }[] }; 'aria-label': string }) => (
    <div data-testid="bar-chart" aria-label={props['aria-label']} role="img">
      {props.data.datasets[0]?.label}: {props.data.labels.join(',')} = {props.data.datasets[0]?.data.join(',')}
    </div>
  ),
}));

const anna: UserResponse = {
  id: 7,
  username: 'anowak',
  email: 'anna@example.pl',
  firstName: 'Anna',
  lastName: 'Nowak',
  role: 'USER',
  phoneNumber: '501234567',
  dateOfBirth: '1992-04-08',
  enabled: true,
};

const obligation = (id: number, overrides: Partial<ObligationResponse>): ObligationResponse => ({
  id,
  interestId: anna.id,
  amount: '100.00',
  dueDate: '2030-03-15',
  issueDate: '2030-03-01',
  paymentStatus: 'PENDING',
  description: `Obligation ${id}`,
  createdAt: '2030-03-01T10:00:00.000Z',
  transfer: null,
  ...overrides,
});

const data = [
  obligation(1, { amount: '0.10', dueDate: '2024-01-10', paymentStatus: 'PENDING', description: 'Dog tax' }),
  obligation(2, { amount: '0.20', dueDate: '2030-01-20', description: 'Waste fee' }),
  obligation(3, { amount: '1234.56', dueDate: '2030-06-30', paymentStatus: 'PAID', description: 'Parking permit' }),
  obligation(4, { amount: '50.00', dueDate: '2031-02-01', paymentStatus: 'OVERDUE', description: null }),
];

function serve(obligations: ObligationResponse[] | Promise<ObligationResponse[]> = data) {
  return routeFetch((request) => {
    if (request.path === '/api/users/me') return { body: anna };
    if (request.path === `/api/financial-obligations/by-interest-id/${anna.id}`) return Promise.resolve(obligations).then((body) => ({ body }));
    return undefined;
  });
}

// The route loads the page lazily. Its first import in a worker (compiling the feature) took longer
// than a find waits on a busy CI machine, and failed a test that was fine: it is loaded here, in a
// hook with a minute's room, so the tests' finds wait only for what they check.
beforeAll(() => import('./financial-obligations-page'), 60_000);

beforeEach(() => storeAuthToken('token'));

/** The page loads lazily (its chunk is compiled on first use): the first look waits longer. */
const FIRST_LOOK = { timeout: 15_000 };

describe('Financial Obligations', () => {
  it("greets by name, starts on the list with the total still to pay, and calls a past-due PENDING one 'Overdue' like a stored OVERDUE one", async () => {
    serve();
    renderRoute('/financial-obligations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Financial Obligations for Anna Nowak' }, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.viewList })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: m.viewChart })).toHaveAttribute('aria-pressed', 'false');
    const cards = await screen.findAllByRole('button', { name: /Dog tax|Waste fee|Parking permit|Obligation FO 4/ }, FIRST_LOOK);
    expect(cards).toHaveLength(4);
    // 0.10 + 0.20 + 50.00 (not the PAID 1,234.56), added exactly.
    expect(screen.getByText('Still to pay').parentElement).toHaveTextContent('Still to pay 50.30 PLN');
    const dogTax = screen.getByRole('button', { name: /Dog tax/ });
    expect(dogTax).toHaveTextContent('0.10 PLN'); // toHaveTextContent reads the no-break space as a space
    expect(dogTax).toHaveTextContent('Due date: 10 Jan 2024');
    // One name for an unpaid obligation past its due date (issue 35), not 'Pending' beside 'Past due'.
    expect(within(dogTax).getByText('Overdue')).toBeInTheDocument();
    expect(within(dogTax).queryByText('Pending')).toBeNull();
    expect(within(dogTax).queryByText('Past due')).toBeNull();
    expect(within(screen.getByRole('button', { name: /Waste fee/ })).getByText('Pending')).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /Obligation FO 4/ })).getByText('Overdue')).toBeInTheDocument();
    // The order a payer reads: unpaid first with the earliest due date on top, then paid.
    expect(screen.getAllByRole('button', { name: /Dog tax|Waste fee|Parking permit|Obligation FO 4/ }).map((card) => card.getAttribute('data-obligation'))).toEqual(['1', '2', '4', '3']);
  });

  it("says 'Loading user data...' while the signed-in person is not known yet", async () => {
    let answer: (user: UserResponse) => void = () => undefined;
    const me = new Promise<UserResponse>((resolve) => (answer = resolve));
    routeFetch((request) => {
      if (request.path === '/api/users/me') return me.then((body) => ({ body }));
      if (request.path.startsWith('/api/financial-obligations/')) return { body: [] };
      return undefined;
    });
    renderRoute('/financial-obligations');
    expect(await screen.findByText(m.loadingUser, {}, FIRST_LOOK)).toBeInTheDocument();
    answer(anna);
    expect(await screen.findByRole('heading', { level: 1, name: 'Financial Obligations for Anna Nowak' }, FIRST_LOOK)).toBeInTheDocument();
  });

  it("says 'Loading financial obligations...' while they load and 'No financial obligations found.' when there are none", async () => {
    let answer: (list: ObligationResponse[]) => void = () => undefined;
    serve(new Promise((resolve) => (answer = resolve)));
    renderRoute('/financial-obligations');
    expect(await screen.findByText(m.loadingObligations, {}, FIRST_LOOK)).toBeInTheDocument();
    answer([]);
    expect(await screen.findByText(m.none)).toBeInTheDocument();
  });

  it("opens a card's detail with 'Back to list', and goes back", async () => {
    serve();
    renderRoute('/financial-obligations');
    await userEvent.click(await screen.findByRole('button', { name: /Parking permit/ }, FIRST_LOOK));
    const detail = screen.getByRole('article', { name: 'Parking permit' });
    const facts = Object.fromEntries(within(detail).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      Description: 'Parking permit',
      Amount: '1,234.56\u00a0PLN',
      'Due date': '30 Jun 2030',
      'Payment status': 'Paid',
      'Issue date': '1 Mar 2030',
    });
    await userEvent.click(within(detail).getByRole('button', { name: m.backToList }));
    expect(screen.getAllByRole('button', { name: /Dog tax|Waste fee|Parking permit|Obligation FO 4/ })).toHaveLength(4);
  });

  it('shows the transfer data with copy buttons and a QR code for an unpaid obligation with transfer details', async () => {
    const transfer = {
      accountNumber: '61109010140000071219812874',
      recipientName: 'Urząd Miasta Testowo',
      amount: '0.20',
      title: 'FO 2 Waste fee',
      paymentCode: '|PL|61109010140000071219812874|000020|Urząd Miasta Testowo|FO 2 Waste fee|||',
    };
    serve(data.map((row) => (row.id === 2 ? { ...row, transfer } : row)));
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute('/financial-obligations');
    await userEvent.click(await screen.findByRole('button', { name: /Waste fee/ }, FIRST_LOOK));
    const panel = screen.getByRole('region', { name: 'Pay by bank transfer' });
    expect(panel).toHaveTextContent('61 1090 1014 0000 0712 1981 2874');
    expect(panel).toHaveTextContent('Urząd Miasta Testowo');
    expect(panel).toHaveTextContent('FO 2 Waste fee');
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy Account number' }));
    expect(writeText).toHaveBeenCalledWith('61109010140000071219812874');
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy Amount' }));
    expect(writeText).toHaveBeenLastCalledWith('0.20');
    expect(await within(panel).findByRole('img', { name: /Payment code for banking apps/ }, FIRST_LOOK)).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(panel).toHaveTextContent('or scan the code with your banking app');
    // What happens after paying: when the status changes and what to keep.
    expect(within(panel).getByRole('heading', { name: 'After you pay' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('The status changes from Pending to Paid');
    expect(panel).toHaveTextContent('keep your bank\u2019s confirmation of the transfer');
  });

  it('never says to scan a code it does not show (10,000 PLN and more have none)', async () => {
    const transfer = { accountNumber: '61109010140000071219812874', recipientName: 'Urząd Miasta Testowo', amount: '12000.00', title: 'FO 2 Waste fee', paymentCode: null };
    serve(data.map((row) => (row.id === 2 ? { ...row, transfer } : row)));
    renderRoute('/financial-obligations');
    await userEvent.click(await screen.findByRole('button', { name: /Waste fee/ }, FIRST_LOOK));
    const panel = screen.getByRole('region', { name: 'Pay by bank transfer' });
    expect(within(panel).queryByRole('img')).toBeNull();
    expect(panel).not.toHaveTextContent(/scan/i);
    expect(panel).toHaveTextContent('This amount is too large for the payment code');
  });

  it("shows yearly totals under 'Yearly Financial Obligations', a year's twelve months under 'Monthly Financial Obligations'", async () => {
    serve();
    renderRoute('/financial-obligations');
    await userEvent.click(await screen.findByRole('button', { name: m.viewChart }, FIRST_LOOK));
    expect(screen.getByText(m.flipPhone)).toBeInTheDocument();
    const year = screen.getByLabelText('Year');
    expect(within(year).getAllByRole('option').map((option) => option.textContent)).toEqual([m.allYears, '2024', '2030', '2031']);
    const yearly = await screen.findByRole('table', { name: m.yearlyTitle }, FIRST_LOOK);
    expect(screen.getByRole('heading', { name: m.yearlyTitle })).toBeInTheDocument();
    expect(within(yearly).getByRole('columnheader', { name: m.datasetLabel })).toBeInTheDocument();
    const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rowsOf(yearly)).toEqual(['20240.10\u00a0PLN', '20301,234.76\u00a0PLN', '203150.00\u00a0PLN']);
    expect(await screen.findByTestId('bar-chart', {}, FIRST_LOOK)).toHaveTextContent(`${m.datasetLabel}: 2024,2030,2031 = 0.1,1234.76,50`);

    await userEvent.selectOptions(year, '2030');
    const monthly = await screen.findByRole('table', { name: m.monthlyTitle });
    const months = rowsOf(monthly);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('January0.20\u00a0PLN');
    expect(months[5]).toBe('June1,234.56\u00a0PLN');
    expect(months[11]).toBe('December0.00\u00a0PLN');
    await waitFor(() => expect(screen.getByTestId('bar-chart')).toHaveTextContent('Jan,Feb,Mar'));
  });
});
