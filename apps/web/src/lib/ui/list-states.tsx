import { commonMessages } from '@portal/contract';
import type { ReactNode } from 'react';
import { useMessageText } from '../i18n';

/** "Loading..." (or `text`) announced politely while something loads. */
export function LoadingState({ text }: { text?: string }) {
  const message = useMessageText();
  return (
    <p role="status" className="state state--loading">
      {text ?? message(commonMessages.loading)}
    </p>
  );
}

/** What an empty list says instead of showing nothing. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}

/** A failure the reader must know about, announced at once. */
export function ErrorState({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="state state--error">
      {children}
    </p>
  );
}

type ListStatesProps = {
  isPending: boolean;
  isError?: boolean;
  isEmpty: boolean;
  /** Defaults to 'Loading...' in the current language. */
  loadingText?: string;
  emptyText: ReactNode;
  /**
   * The spec's message for a failed load ('Failed to fetch employees.'). Without one a failure shows
   * the empty text: spec section 8 says most failed loads are only logged, never shown.
   */
  errorText?: ReactNode;
  /** The list itself, shown once there is something to show. */
  children: ReactNode;
};

/** Loading, error, empty or the list: the four states of every list screen, in one place. */
export function ListStates({ isPending, isError = false, isEmpty, loadingText, emptyText, errorText, children }: ListStatesProps) {
  if (isPending && !isError) return <LoadingState text={loadingText} />;
  if (isError && errorText !== undefined) return <ErrorState>{errorText}</ErrorState>;
  if (isEmpty) return <EmptyState>{emptyText}</EmptyState>;
  return children;
}
