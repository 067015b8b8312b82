import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../../../test/render';
// Loaded before the first render, as render.tsx does for the public pages: the lazy route then resolves at once.
import './rate-page';
import '../../../lib/rating/rating-form';

const TOKEN = '12.1796688000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const letter = { reference: 'L-12', subject: 'Broken street lamp', rated: false, expiresAt: '2026-12-31T12:00:00.000Z' };

describe('the public rating page', () => {
  it('shows the letter, refuses a rating without a choice next to the field, and thanks once sent', async () => {
    const fetchMock = stubFetch({
      'GET /api/users/me': { status: 401, body: { error: 'Unauthorized', message: 'Sign in.' } },
      [`GET /api/ratings/${TOKEN}`]: { body: letter },
      [`POST /api/ratings/${TOKEN}`]: { status: 201, body: { letterId: 12, helpful: true, ratedAt: '2026-12-07T10:00:00.000Z' } },
    });
    renderRoute(`/rate#${TOKEN}`);
    expect(await screen.findByText('Letter L-12: Broken street lamp')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(screen.getByText('Choose whether the answer helped you.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: 'Yes, it helped' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Comment/ }), 'Quick and clear.');
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Thank you! Your rating was saved.')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => init?.body)).toEqual(['{"helpful":true,"comment":"Quick and clear."}']);
  });

  it('says an expired link expired, and since when', async () => {
    stubFetch({
      'GET /api/users/me': { status: 401, body: { error: 'Unauthorized', message: 'Sign in.' } },
      [`GET /api/ratings/${TOKEN}`]: { status: 410, body: { error: 'Gone', message: 'This rating link has expired. It worked until 1 December 2025.' } },
    });
    renderRoute(`/rate#${TOKEN}`);
    expect(await screen.findByText(/This rating link has expired\. You can still rate the answer in the portal/)).toBeInTheDocument();
  });

  it('says so when the answer was already rated', async () => {
    stubFetch({
      'GET /api/users/me': { status: 401, body: { error: 'Unauthorized', message: 'Sign in.' } },
      [`GET /api/ratings/${TOKEN}`]: { body: { ...letter, rated: true } },
    });
    renderRoute(`/rate#${TOKEN}`);
    expect(await screen.findByText('This answer has already been rated. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send rating' })).not.toBeInTheDocument();
  });
});
