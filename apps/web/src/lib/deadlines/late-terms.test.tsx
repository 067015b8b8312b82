import { type MatterDeadlineResponse, promptTooSoonMessage } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../test/fetch';
import { createQueryClient } from '../query-client';
import { DelayNoticeGate } from './delay-notice-gate';
import PromptPanel from './prompt-panel';

const clock = (overrides: Partial<MatterDeadlineResponse> = {}): MatterDeadlineResponse => ({
  kind: 'letter',
  reference: 'L-4',
  dueDate: '2026-11-30',
  termDueDate: '2026-11-30',
  state: 'overdue',
  noticeRequired: true,
  open: true,
  promptFrom: '2026-12-01',
  canPrompt: true,
  notices: [],
  prompts: [],
  ...overrides,
});

const withQueries = (node: React.ReactNode) => {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
};

describe('late terms on screen (issue 32 points 5 and 6)', () => {
  it('holds the clerk in the delay-notice dialog until the notice is sent, pre-filled with a reason and a date', async () => {
    let sent: unknown;
    routeFetch((request) => {
      if (request.method === 'GET' && request.path === '/api/conversations/4/deadline') return { body: clock() };
      if (request.method === 'POST' && request.path === '/api/conversations/4/delay-notice') {
        sent = request.body;
        return { body: clock({ noticeRequired: false, state: null, dueDate: '2026-12-21' }) };
      }
      return undefined;
    });
    withQueries(<DelayNoticeGate kind="letter" id={4} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'The term has passed: tell the citizen' });
    expect(dialog).toHaveTextContent('L-4');
    const reason = screen.getByRole('textbox', { name: 'Reason for the delay' });
    expect((reason as HTMLTextAreaElement).value).toMatch(/still waiting for information/);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the notice' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent).toMatchObject({ reason: expect.stringMatching(/still waiting/), newDueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('lets the citizen prompt once the term passed, and shows the server\u2019s refusal next to the field', async () => {
    routeFetch((request) => {
      if (request.method === 'GET' && request.path === '/api/case-resolution/7/deadline') return { body: clock({ kind: 'case', reference: 'C-7' }) };
      if (request.method === 'POST' && request.path === '/api/case-resolution/7/prompt') {
        return { status: 409, body: { error: 'Conflict', message: promptTooSoonMessage('2026-12-09', 'en') } };
      }
      return undefined;
    });
    withQueries(<PromptPanel kind="case" id={7} />);
    expect(await screen.findByRole('heading', { name: 'The office is late' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the prompt' }));
    expect(await screen.findByText('Write what you ask the office to do.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your prompt' }), 'Please decide.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the prompt' }));
    expect(await screen.findByText(/Possible from 9 December 2026\./)).toBeInTheDocument();
  });

  it('shows nothing to the citizen while the office is within its term', async () => {
    let asked = false;
    routeFetch((request) => {
      asked = true;
      if (request.path === '/api/conversations/5/deadline') return { body: clock({ state: null, noticeRequired: false, canPrompt: false, promptFrom: '2027-01-05' }) };
      return undefined;
    });
    const { container } = withQueries(<PromptPanel kind="letter" id={5} />);
    await waitFor(() => expect(asked).toBe(true));
    expect(container).toBeEmptyDOMElement();
  });
});
