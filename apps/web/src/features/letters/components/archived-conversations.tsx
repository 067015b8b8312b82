import { CONVERSATION_SEARCH_MAX, conversationApiMessages, letterMessages, letterReference, type ConversationListItem, type UserResponse } from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import '../../../lib/i18n/groups/desk';
import { ListStates } from '../../../lib/ui/list-states';
import { useDebounced } from '../../../lib/use-debounced';
import { archiveFilterErrors, NO_ARCHIVE_FILTERS, useArchive, type ArchiveField, type ArchiveFilters } from '../api/archive';
import { formatDateTime } from '../../../lib/format';
import { LETTERS_DESK_NS } from '../desk-i18n';
import { LETTERS_NS } from '../i18n';
import { ArchiveFilterFields } from './archive-filters';
import { ConversationChat } from './conversation-chat';
import { ConversationFacts } from './conversation-facts';
import { LetterSummary } from './letter-summary';

/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

type ArchivedConversationsProps = {
  me: UserResponse;
  isLive: boolean;
};

/**
 * Spec section 2, Archived Conversations: subject, sender, letter ID, status and resolved date.
 * Each one opens read-only: the letter and the whole chat (older messages load as one scrolls up),
 * with a way back to the list that returns focus to the conversation it came from.
 */
export function ArchivedConversations({ me, isLive }: ArchivedConversationsProps) {
  const { t, i18n } = useTranslation(LETTERS_NS);
  const { t: td } = useTranslation(LETTERS_DESK_NS);
  const message = useMessageText();
  const prefix = useId();
  const [draft, setDraft] = useState<ArchiveFilters>(NO_ARCHIVE_FILTERS);
  const typed = draft.q.trim();
  const tooLong = typed.length > CONVERSATION_SEARCH_MAX;
  const q = useDebounced(tooLong ? '' : typed, SEARCH_DELAY_MS);
  // A field the API would refuse (a reversed range) is said under it and left out of the call.
  const refused = archiveFilterErrors({ ...draft, q });
  const applied = Object.fromEntries(Object.entries({ ...draft, q }).map(([field, value]) => [field, refused[field as ArchiveField] ? '' : value])) as ArchiveFilters;
  const conversations = useArchive(me.id, applied);
  // The server's field errors too, should it refuse what this check let through.
  const answered = conversations.error instanceof HttpError ? conversations.error.fields : {};
  const errors = Object.fromEntries(
    Object.entries({ ...answered, ...refused, ...(tooLong ? { q: conversationApiMessages.searchTooLong } : {}) }).map(([field, text]) => [field, message(text) ?? text]),
  );
  const isFiltered = applied.department !== '' || applied.resolvedFrom !== '' || applied.resolvedTo !== '';
  const [readingId, setReadingId] = useState<number>();
  const [returnTo, setReturnTo] = useState<number>();
  const heading = useRef<HTMLHeadingElement>(null);
  const readButtons = useRef(new Map<number, HTMLButtonElement>());
  const list = conversations.data ?? [];
  const reading = list.find((conversation) => conversation.id === readingId);

  const readingFound = reading?.id;
  useEffect(() => {
    // Opening moves the reader to the conversation's heading; closing back to its Read button.
    if (readingFound !== undefined) heading.current?.focus();
    else if (returnTo !== undefined) readButtons.current.get(returnTo)?.focus();
  }, [readingFound, returnTo]);

  if (reading) {
    return (
      <div className="archive-reader">
        <button
          type="button"
          className="button button--secondary archive-reader__back"
          onClick={() => {
            setReturnTo(reading.id);
            setReadingId(undefined);
          }}
        >
          {td('archive.back')}
        </button>
        <ConversationChat
          conversation={reading}
          me={me}
          isLive={isLive}
          readOnly
          headingLevel={2}
          headingRef={heading}
          title={td('archive.title', { subject: reading.subject })}
          intro={<LetterSummary conversation={reading} perspective="sender" headingLevel={3} />}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} className="panel-title">
        {td('staffList.archived')}
      </h2>
      <ArchiveFilterFields draft={draft} onChange={setDraft} errors={errors} />
      <p className="archive-search__result" role="status">
        {(q || isFiltered) && !conversations.isPending && !conversations.isPlaceholderData && list.length > 0
          ? isFiltered
            ? td('archive.found', { count: list.length })
            : td('archive.matches', { count: list.length, q })
          : ''}
      </p>
      <ListStates
        isPending={conversations.isPending}
        isEmpty={list.length === 0}
        emptyText={isFiltered ? (q ? td('archive.noFilteredMatches', { q }) : td('archive.noFiltered')) : q ? td('archive.noMatches', { q }) : message(letterMessages.noArchived)}
      >
        <ul className="card-list" aria-labelledby={`${prefix}-title`}>
          {list.map((conversation: ConversationListItem) => {
            const subjectId = `${prefix}-subject-${conversation.id}`;
            return (
              <li key={conversation.id} className="conversation-card">
                <ConversationFacts
                  facts={[
                    { label: t('fields.subject'), value: conversation.subject, id: subjectId },
                    { label: t('fields.sender'), value: conversation.nameSurname },
                    { label: t('fields.letterId'), value: letterReference(conversation.letterId) },
                    {
                      label: t('fields.status'),
                      value: <span className={`status-badge status-badge--${conversation.status.toLowerCase()}`}>{t(`status.${conversation.status}`)}</span>,
                    },
                    {
                      label: t('fields.resolvedDate'),
                      value: conversation.resolvedDate ? (
                        <time dateTime={conversation.resolvedDate}>{formatDateTime(conversation.resolvedDate, i18n.language)}</time>
                      ) : (
                        '—'
                      ),
                    },
                  ]}
                />
                <button
                  type="button"
                  className="button button--secondary"
                  aria-describedby={subjectId}
                  ref={(element) => {
                    if (element) readButtons.current.set(conversation.id, element);
                    else readButtons.current.delete(conversation.id);
                  }}
                  onClick={() => setReadingId(conversation.id)}
                >
                  {td('archive.read')}
                </button>
              </li>
            );
          })}
        </ul>
      </ListStates>
    </section>
  );
}
