import { replyTemplateMessages, replyTemplateMessagesPl, type ReplyTemplateResponse } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeFetch, type FakeAnswer, type FakeRequest } from '../../test/fetch';
import { i18n } from '../i18n';
import { NotificationSlot } from '../notifications';
import { createQueryClient } from '../query-client';
import { ReplyTemplateManager } from './template-manager';

// The admins' department templates (issue 33 point 4): the form's errors under their fields, in a
// summary at its top, the unknown placeholder named, and the server's refusals where they belong.

const saved: ReplyTemplateResponse = {
  id: 7,
  name: 'Crew on the way',
  language: 'en',
  scope: 'DEPARTMENT',
  department: 'Public Works Department',
  ownerId: null,
  text: 'Dear {firstName}, a crew is on the way ({reference}).',
  updatedAt: '2025-03-10T08:00:00.000Z',
};

function serve(onSave: (request: FakeRequest) => FakeAnswer = () => ({ status: 201, body: saved })) {
  const list: ReplyTemplateResponse[] = [];
  const requests = routeFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/reply-templates') return { body: list };
    if (request.method === 'POST' && request.path === '/api/reply-templates') {
      const answer = onSave(request);
      if (answer !== 'network-error' && (answer.status ?? 200) < 300) list.push(saved);
      return answer;
    }
    return undefined;
  });
  return requests;
}

function renderManager() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReplyTemplateManager scope="DEPARTMENT" />
    </QueryClientProvider>,
  );
  return screen.getByRole('form', { name: 'New template' });
}

const posts = (requests: FakeRequest[]) => requests.filter((request) => request.method === 'POST');

describe('department reply templates: the form', () => {
  it('refuses an empty form before sending: each message under its field and in a summary at the top that takes focus', async () => {
    const requests = serve();
    const form = renderManager();
    await screen.findByText('No templates yet.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));

    const summary = within(form).getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      replyTemplateMessages.nameRequired,
      replyTemplateMessages.departmentRequired,
      replyTemplateMessages.textRequired,
    ]);
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(replyTemplateMessages.nameRequired);
    expect(within(form).getByRole('combobox', { name: 'Department' })).toHaveAccessibleDescription(replyTemplateMessages.departmentRequired);
    expect(within(form).getByRole('textbox', { name: 'Text' })).toHaveAccessibleDescription(replyTemplateMessages.textRequired);
    expect(posts(requests)).toHaveLength(0);

    // A link in the summary puts the reader in its field.
    await userEvent.click(within(summary).getByRole('link', { name: replyTemplateMessages.textRequired }));
    expect(within(form).getByRole('textbox', { name: 'Text' })).toHaveFocus();
  });

  it('names the unknown placeholder under Text, in English and in Polish, and sends nothing', async () => {
    const requests = serve();
    const form = renderManager();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Crew');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Department' }), 'Public Works Department');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Text' }), 'Dear {{firstName}, your {{caseNumber} is noted.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));

    const text = within(form).getByRole('textbox', { name: 'Text' });
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(replyTemplateMessages.unknownPlaceholder.replace('{{name}}', '{caseNumber}'));
    expect(posts(requests)).toHaveLength(0);

    await act(() => i18n.changeLanguage('pl'));
    await userEvent.click(within(form).getByRole('button', { name: 'Zapisz szablon' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Treść' })).toHaveAccessibleDescription(replyTemplateMessagesPl.unknownPlaceholder.replace('{{name}}', '{caseNumber}')));
  });

  it("shows the server's refusal under its field and keeps what was typed", async () => {
    serve(() => ({ status: 400, body: { error: 'ValidationError', message: 'The request has invalid fields.', fields: { name: replyTemplateMessages.nameTooLong } } }));
    const form = renderManager();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Crew');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Department' }), 'Public Works Department');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Text' }), 'Dear {{firstName}.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));

    const name = within(form).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription(replyTemplateMessages.nameTooLong));
    expect(within(form).getByRole('alert')).toHaveTextContent(replyTemplateMessages.nameTooLong);
    expect(name).toHaveValue('Crew');
    expect(within(form).getByRole('textbox', { name: 'Text' })).toHaveValue('Dear {firstName}.');
  });

  it('saves a department template as the API names it, lists it and empties the form', async () => {
    const requests = serve();
    render(<NotificationSlot keys={['templates.DEPARTMENT']} />);
    const form = renderManager();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), saved.name);
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Department' }), 'Public Works Department');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Text' }), saved.text.replaceAll('{', '{{'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));

    expect(await screen.findByText(saved.text)).toBeInTheDocument();
    expect(posts(requests)[0]?.body).toEqual({ name: saved.name, language: 'en', scope: 'DEPARTMENT', department: 'Public Works Department', text: saved.text });
    expect(screen.getAllByText('The template was saved.').length).toBeGreaterThan(0);
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});
