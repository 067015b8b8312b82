import { MESSAGE_PAGE_SIZE, type MessageResponse } from '@portal/contract';
import type { InfiniteData } from '@tanstack/react-query';

// A chat is cached as pages (issue 9): pages[0] is the newest page, each next one is older. New
// messages (sent, or pushed live) join the end of pages[0]. These pure functions are the only
// writers of that shape, for the send mutation and the live updates alike.

/** A message in the chat; `isPending` marks the optimistic copy shown before the server answers. */
export type ChatMessage = MessageResponse & { isPending?: boolean };

/** The page parameter is the id of the message the page ends before; undefined for the newest page. */
export type ChatPages = InfiniteData<ChatMessage[], number | undefined>;

/**
 * Where the next older page ends: before the oldest message loaded, unless the oldest page came
 * back short (the start of the chat was reached).
 */
export function olderPageParam(oldestPage: readonly ChatMessage[], pageSize: number = MESSAGE_PAGE_SIZE): number | undefined {
  if (oldestPage.length < pageSize) return undefined;
  return oldestPage[0]?.id;
}

/** Every loaded message, oldest first, as the chat shows them. */
export function chatMessagesOf(data: ChatPages | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flat();
}

function withNewestPage(data: ChatPages, update: (newest: ChatMessage[]) => ChatMessage[]): ChatPages {
  const [newest = [], ...older] = data.pages;
  return { ...data, pages: [update(newest), ...older] };
}

const hasMessage = (data: ChatPages, id: number) => data.pages.some((page) => page.some((message) => message.id === id));

/** A sent message shown at once (spec section 4); nothing to do for a chat that is not loaded. */
export function withOptimisticMessage(data: ChatPages | undefined, message: ChatMessage): ChatPages | undefined {
  return data && withNewestPage(data, (newest) => [...newest, message]);
}

/** A pushed (or answered) message joins its chat once, replacing the sender's optimistic copy of it. */
export function withIncomingMessage(data: ChatPages | undefined, message: MessageResponse): ChatPages | undefined {
  if (!data || hasMessage(data, message.id)) return data;
  const isCopy = (existing: ChatMessage) => existing.isPending === true && existing.senderId === message.senderId && existing.content === message.content;
  const pageWithCopy = data.pages.findIndex((page) => page.some(isCopy));
  if (pageWithCopy === -1) return withNewestPage(data, (newest) => [...newest, message]);
  return {
    ...data,
    pages: data.pages.map((page, index) => {
      if (index !== pageWithCopy) return page;
      const copyIndex = page.findIndex(isCopy);
      return page.map((existing, at) => (at === copyIndex ? message : existing));
    }),
  };
}

/** The server saved the optimistic message `optimisticId` as `saved`. */
export function withSavedMessage(data: ChatPages | undefined, optimisticId: number, saved: MessageResponse): ChatPages | undefined {
  if (!data) return data;
  const without = withoutMessage(data, optimisticId) ?? data;
  // The live event may have brought the saved message already.
  return hasMessage(without, saved.id) ? without : withNewestPage(without, (newest) => [...newest, saved]);
}

/** Takes a message (a failed send's optimistic copy) out of the chat. */
export function withoutMessage(data: ChatPages | undefined, id: number): ChatPages | undefined {
  return data && { ...data, pages: data.pages.map((page) => page.filter((message) => message.id !== id)) };
}

/**
 * A chat fetched again (a catch-up when the socket opens) keeps the saved messages this tab already
 * holds that are newer than the answer's newest: the server stores a message before pushing it, so
 * one pushed while the answer was on its way was simply read before it was stored.
 */
export function withRefetchedPages(previous: ChatPages | undefined, next: ChatPages): ChatPages {
  const held = previous?.pages[0] ?? [];
  const answered = next.pages[0] ?? [];
  const newestAnswered = Math.max(0, ...answered.map((message) => message.id));
  const kept = held.filter((message) => message.isPending !== true && message.id > newestAnswered);
  if (kept.length === 0) return next;
  // An answer built from the pages as they were (an older page loading during a send) may still
  // hold the optimistic copy of a kept message: the saved one replaces it, as when it was pushed.
  const isCopyOfKept = (message: ChatMessage) =>
    message.isPending === true && kept.some((saved) => saved.senderId === message.senderId && saved.content === message.content);
  // Messages still being sent stay last, where the chat shows them.
  return withNewestPage(next, (newest) => [
    ...newest.filter((message) => message.isPending !== true),
    ...kept,
    ...newest.filter((message) => message.isPending === true && !isCopyOfKept(message)),
  ]);
}
