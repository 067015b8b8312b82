import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchUp } from './catch-up';

/**
 * A list on screen whose server-side value the test changes, with every read held until the test
 * answers it: a read returns the value as it was when the request reached the server.
 */
function heldList({ failFirst = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = { unread: 0, fail: failFirst };
  const pending: Array<() => void> = [];
  const queryFn = vi.fn(() => {
    const read = server.unread;
    const fail = server.fail;
    return new Promise<number>((resolve, reject) => pending.push(() => (fail ? reject(new Error('503')) : resolve(read))));
  });
  const observer = new QueryObserver(client, { queryKey: ['notifications'], queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  const updates = () => {
    const state = client.getQueryCache().find({ queryKey: ['notifications'] })?.state;
    return (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
  };
  /** Answers the oldest read still held, and waits until the list has taken the answer. */
  const answerNext = async () => {
    const before = updates();
    pending.shift()?.();
    await vi.waitFor(() => expect(updates()).toBe(before + 1));
  };
  return { client, server, queryFn, observer, unsubscribe, answerNext, reads: () => queryFn.mock.calls.length };
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('catchUp', () => {
  it('asks again once a first fetch that was on its way has answered: it read before the missed event', async () => {
    const list = heldList();
    cleanup = list.unsubscribe;
    expect(list.reads()).toBe(1); // the first fetch has read: no unread entries yet
    list.server.unread = 1; // a clerk replies before the server knows the page's socket
    catchUp(list.client, ['notifications']); // the socket opens
    await list.answerNext();
    expect(list.observer.getCurrentResult().data).toBe(0);
    await vi.waitFor(() => expect(list.reads()).toBe(2));
    await list.answerNext();
    expect(list.observer.getCurrentResult().data).toBe(1);
  });

  it('fetches a list already shown again at once, and only once', async () => {
    const list = heldList();
    cleanup = list.unsubscribe;
    await list.answerNext();
    list.server.unread = 2;
    catchUp(list.client, ['notifications']);
    expect(list.reads()).toBe(2);
    await list.answerNext();
    expect(list.observer.getCurrentResult().data).toBe(2);
    expect(list.reads()).toBe(2);
  });

  it('leaves a first fetch that failed to its own error and retry', async () => {
    const list = heldList({ failFirst: true });
    cleanup = list.unsubscribe;
    catchUp(list.client, ['notifications']);
    await list.answerNext();
    expect(list.observer.getCurrentResult().status).toBe('error');
    // What catchUp chained on the failed fetch has run by now.
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    expect(list.reads()).toBe(1);
  });
});
