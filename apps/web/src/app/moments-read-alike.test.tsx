import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from './providers';
import { SessionsPanel } from '../features/account/sessions/sessions-panel';
import { createQueryClient } from '../lib/query-client';
import { ReceiptDownloads } from '../lib/receipts/receipt-downloads';
import { routeFetch } from '../test/fetch';

// Screens added after lib/format once built their own formatters in English as the browser's
// default English writes it ("Mar 14, 2025, 9:30 AM"), beside every other screen's "14 Mar 2025".
// A moment in a row or on a button now reads as a chat's earlier messages do.

const morning = new Date(2025, 2, 14, 9, 30).toISOString();
const evening = new Date(2025, 2, 14, 18, 5).toISOString();

function renderInApp(ui: React.ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(
    <Providers queryClient={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
}

describe('a moment reads the same on every screen', () => {
  it("in 'Your sessions'", async () => {
    routeFetch(({ path }) =>
      path === '/api/sessions'
        ? { body: { sessions: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', startedAt: morning, lastActiveAt: evening, expiresAt: evening, userAgent: 'Mozilla/5.0 Firefox/140.0', address: '10.0.0.1', current: true }], idleMinutes: null } }
        : undefined,
    );
    renderInApp(<SessionsPanel />);
    expect(await screen.findByText('14 Mar 2025, 09:30')).toBeInTheDocument();
    expect(screen.getByText('14 Mar 2025, 18:05')).toBeInTheDocument();
  });

  it('on the buttons of a case\u2019s several receipts', async () => {
    routeFetch(({ path }) =>
      path === '/api/receipts/case/7'
        ? {
            body: [
              { id: 1, kind: 'case-submitted', reference: 'C-7', issuedAt: morning },
              { id: 2, kind: 'case-status-changed', reference: 'C-7', issuedAt: evening },
            ],
          }
        : undefined,
    );
    renderInApp(<ReceiptDownloads subject="case" id={7} />);
    expect(await screen.findByRole('button', { name: 'Download receipt (PDF): status changed, 14 Mar 2025, 18:05' })).toBeInTheDocument();
  });
});
