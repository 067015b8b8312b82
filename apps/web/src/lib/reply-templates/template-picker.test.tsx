import type { ReplyTemplateResponse } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch, type FakeAnswer, type FakeRequest } from '../../test/fetch';
import { i18n } from '../i18n';
import { createQueryClient } from '../query-client';
import { ReplyTemplatePicker } from './template-picker';

// The chat's canned replies (issue 33 point 4): search by name, nothing to choose, and the fill-in.

const template = (overrides: Partial<ReplyTemplateResponse>): ReplyTemplateResponse => ({
  id: 1,
  name: 'Crew on the way',
  language: 'en',
  scope: 'DEPARTMENT',
  department: 'Public Works Department',
  ownerId: null,
  text: 'Dear {firstName}, a crew is on the way ({reference}).',
  updatedAt: '2025-03-10T08:00:00.000Z',
  ...overrides,
});
const templates = [template({ id: 1 }), template({ id: 2, name: 'Opóźnienie', language: 'pl', scope: 'PERSONAL', department: null, ownerId: 2 })];

/** A server that finds templates by name as the API does (case-insensitively, within the department's and the clerk's own). */
function serveTemplates(fill: (request: FakeRequest) => FakeAnswer = (request) => ({ body: { templateId: 2, conversationId: 11, text: `filled ${request.path}` } })) {
  return routeFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/reply-templates') {
      const q = (request.query.get('q') ?? '').toLowerCase();
      return { body: templates.filter((one) => one.name.toLowerCase().includes(q)) };
    }
    if (request.method === 'POST' && /^\/api\/reply-templates\/\d+\/fill$/.test(request.path)) return fill(request);
    return undefined;
  });
}

function renderPicker(onInsert = vi.fn()) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReplyTemplatePicker conversationId={11} department="Public Works Department" onInsert={onInsert} />
    </QueryClientProvider>,
  );
  return onInsert;
}

describe('reply template picker', () => {
  it("asks for the conversation's department's templates and the clerk's own, and finds them by name as one types", async () => {
    const requests = serveTemplates();
    renderPicker();
    const list = await screen.findByRole('combobox', { name: 'Templates' });
    expect(await screen.findByRole('option', { name: 'Opóźnienie (PL)' })).toBeInTheDocument();
    expect(list).toHaveDisplayValue('Crew on the way (EN)');
    expect(requests[0]?.query.get('department')).toBe('Public Works Department');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search templates by name' }), 'OPÓŹ');
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Opóźnienie (PL)']));
    expect(requests.at(-1)?.query.get('q')).toBe('OPÓŹ');
  });

  it('says so in words when no name matches, offers nothing to insert, and lists again once the search is cleared', async () => {
    serveTemplates();
    renderPicker();
    await screen.findByRole('combobox', { name: 'Templates' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search templates by name' }), 'parking');
    expect(await screen.findByText('No template\u2019s name matches \u201cparking\u201d.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Templates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Insert into the message' })).not.toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search templates by name' }));
    expect(await screen.findByRole('combobox', { name: 'Templates' })).toBeInTheDocument();
  });

  it('with no template for the letter at all, says where templates come from', async () => {
    routeFetch((request) => (request.path === '/api/reply-templates' ? { body: [] } : undefined));
    renderPicker();
    expect(await screen.findByText(/^No templates for this letter yet: the admins keep each department/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Insert into the message' })).not.toBeInTheDocument();
  });

  it('fills the chosen template on the server for this conversation and hands the text to the message box', async () => {
    const requests = serveTemplates();
    const onInsert = renderPicker();
    await screen.findByRole('option', { name: 'Opóźnienie (PL)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Templates' }), 'Opóźnienie (PL)');
    await userEvent.click(screen.getByRole('button', { name: 'Insert into the message' }));

    await waitFor(() => expect(onInsert).toHaveBeenCalledWith('filled /api/reply-templates/2/fill'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ conversationId: 11 });
    expect(screen.getByRole('status')).toHaveTextContent('The template is in the message box: edit it before you send.');
  });

  it('says in the reader\u2019s language when the fill-in failed, and inserts nothing', async () => {
    serveTemplates(() => ({ status: 404, body: { error: 'NotFound', message: 'Not found.' } }));
    const onInsert = renderPicker();
    await act(() => i18n.changeLanguage('pl'));
    await userEvent.click(await screen.findByRole('button', { name: 'Wstaw do wiadomości' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nie udało się wypełnić szablonu. Spróbuj ponownie.');
    expect(onInsert).not.toHaveBeenCalled();
  });
});
