import { CHAT_BOX_MAX_HEIGHT_PX, commonMessages, letterMessages, MESSAGE_CONTENT_MAX, sendMessageRequest, type ConversationResponse, type UserResponse } from '@portal/contract';
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref, type UIEvent } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { chatMessagesOf } from '../api/chat-pages';
import { useMarkConversationReadMutation, useSendMessageMutation } from '../api/mutations';
import { useMessages } from '../api/queries';
import { formatDate, formatMessageTime } from '../../../lib/format';
import { LETTERS_NS } from '../i18n';
import { useDocumentVisible } from '../use-document-visible';
import { ReceiptDownloads } from '../../../lib/receipts/receipt-downloads';

/** Scrolled this close to the top of the chat box, the next older page is fetched. */
const LOAD_OLDER_THRESHOLD_PX = 48;

type ConversationChatProps = {
  conversation: ConversationResponse;
  me: UserResponse;
  /** True while the WebSocket is connected; otherwise the chat polls. */
  isLive: boolean;
  /** The chat's heading (focusable from script), so a picker can move the reader to the opened chat. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The heading's text; 'Chat: <subject>' by default. */
  title?: string;
  /**
   * What comes between the heading and the messages, in reading and keyboard order: the letter and
   * who handles it (citizen), or the facts with Show Letter and Mark as Resolved (employee).
   */
  intro?: ReactNode;
  /** An archived conversation read by staff: the messages only, no message box. */
  readOnly?: boolean;
  /** 3 beside a list under its h2; 2 where the chat is the panel's only content (the archive). */
  headingLevel?: 2 | 3;
  /**
   * Once the first messages are in (the chat has its full height), with the messages box: the
   * moment to bring the chat into view.
   */
  onReady?: (log: HTMLElement | null) => void;
  /** Above the message box (staff's reply templates, issue 33): given a way to replace the draft, which then takes focus. */
  composer?: (insert: (text: string) => void) => ReactNode;
};

/**
 * The chat of one conversation, shared by both dashboards and the archive (spec sections 2, 4 and
 * 5): the messages in a box of at most 300 px that scrolls and keeps the newest in view, older
 * ones fetched a page at a time as the reader scrolls up (the reading position is kept), the
 * sender's own messages as 'You', a labelled message box and Send. What others wrote is marked
 * read on the server while the chat is on screen. Blank messages are not sent; a resolved
 * conversation is closed for writing.
 */
export function ConversationChat({ conversation, me, isLive, headingRef, title, intro, readOnly = false, headingLevel = 3, onReady, composer }: ConversationChatProps) {
  const { t, i18n } = useTranslation(LETTERS_NS);
  const message = useMessageText();
  const id = useId();
  const messages = useMessages(conversation.id, isLive);
  const send = useSendMessageMutation(me);
  const markRead = useMarkConversationReadMutation();
  const isVisible = useDocumentVisible();
  const [draft, setDraft] = useState('');
  const draftField = useRef<HTMLTextAreaElement>(null);
  /** Bumped when a template replaced the draft: the message box then takes focus. */
  const [draftInserted, setDraftInserted] = useState(0);
  useEffect(() => {
    if (draftInserted > 0) draftField.current?.focus();
  }, [draftInserted]);
  /** Why the draft was not sent (the contract's rule for a message's content), until it changes. */
  const [draftError, setDraftError] = useState<string | undefined>();
  const logRef = useRef<HTMLDivElement>(null);
  /** Distance from the bottom of the box to keep while older messages are put above. */
  const keptPlace = useRef<number | null>(null);
  const markedUpTo = useRef(0);
  const isClosed = conversation.status === 'RESOLVED';
  const list = chatMessagesOf(messages.data);
  const firstId = list[0]?.id;
  const lastId = list[list.length - 1]?.id;
  const newestFromOthers = list.reduce<number | undefined>(
    (newest, item) => (item.senderId !== me.id && item.isPending !== true && item.id > (newest ?? 0) ? item.id : newest),
    undefined,
  );

  const isReady = !messages.isPending;
  const announceReady = useEffectEvent(() => onReady?.(logRef.current));
  useEffect(() => {
    if (isReady) announceReady();
  }, [isReady]);

  useLayoutEffect(() => {
    // Keep the newest message visible whenever one arrives or another chat opens.
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastId, conversation.id]);

  useLayoutEffect(() => {
    // Older messages were put above: keep what the reader was looking at where it was.
    const log = logRef.current;
    const kept = keptPlace.current;
    if (!log || kept === null) return;
    keptPlace.current = null;
    log.scrollTop = log.scrollHeight - kept;
  }, [firstId]);

  const { mutate: markReadUpTo } = markRead;
  useEffect(() => {
    // On screen, what others wrote is read: once per newer message, never while the tab is hidden.
    if (newestFromOthers === undefined || newestFromOthers <= markedUpTo.current || !isVisible) return;
    markedUpTo.current = newestFromOthers;
    markReadUpTo({ conversationId: conversation.id, lastReadMessageId: newestFromOthers });
  }, [newestFromOthers, isVisible, conversation.id, markReadUpTo]);

  function loadOlder() {
    if (!messages.hasNextPage || messages.isFetchingNextPage) return;
    const log = logRef.current;
    if (log) keptPlace.current = log.scrollHeight - log.scrollTop;
    void messages.fetchNextPage();
  }

  function onScroll(event: UIEvent<HTMLDivElement>) {
    if (event.currentTarget.scrollTop < LOAD_OLDER_THRESHOLD_PX) loadOlder();
  }

  function submit() {
    // The contract's rule, as the API applies it: nothing visible (spaces, zero-width characters)
    // is an empty message, and hidden text-direction controls are refused.
    const checked = sendMessageRequest.shape.content.safeParse(draft);
    if (!checked.success) {
      setDraftError(checked.error.issues[0]?.message ?? letterMessages.messageEmpty);
      return;
    }
    const content = checked.data;
    if (isClosed) return;
    setDraftError(undefined);
    setDraft('');
    send.mutate(
      { conversationId: conversation.id, senderId: me.id, content, sentAt: new Date().toISOString() },
      // Nothing is shown on failure (spec section 8), but the text is given back to be sent again.
      { onError: () => setDraft((current) => (current === '' ? content : current)) },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const closedId = `${id}-closed`;
  // The clerk's last message (a closing note, if the clerk wrote one last), with who resolved it and when.
  const lastFromClerk = [...list].reverse().find((item) => item.senderId !== conversation.userId && item.isPending !== true);
  const outcomeLine = t(lastFromClerk ? 'chat.outcome' : 'chat.outcomeNoMessage', {
    name: conversation.employeeName ?? lastFromClerk?.senderName ?? '',
    date: conversation.resolvedDate ? formatDate(conversation.resolvedDate, i18n.language, { long: true }) : '',
    message: lastFromClerk?.content ?? '',
    interpolation: { escapeValue: false },
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="chat" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} ref={headingRef} tabIndex={-1} className="chat__title">
        {title ?? t('chat.title', { subject: conversation.subject })}
      </Heading>
      {intro}
      {isClosed && (
        // Issue 35: what came of the letter, in a sentence, instead of a greyed-out message box.
        <div id={closedId} className="chat__closed" role="status">
          <p className="chat__outcome">{outcomeLine}</p>
          <p>{t('chat.closed')}</p>
        </div>
      )}
      <div
        ref={logRef}
        className="chat__log"
        role="log"
        aria-label={t('chat.messages')}
        aria-busy={messages.isPending || messages.isFetchingNextPage}
        tabIndex={0}
        style={{ maxHeight: `${CHAT_BOX_MAX_HEIGHT_PX}px` }}
        onScroll={onScroll}
      >
        {messages.isPending ? (
          <p className="chat__state">{message(commonMessages.loading)}</p>
        ) : list.length === 0 ? (
          <p className="chat__state">{readOnly ? t('chat.emptyArchived') : t('chat.empty')}</p>
        ) : (
          <>
            {messages.isFetchingNextPage ? (
              <p className="chat__older" role="status">
                {t('chat.loadingOlder')}
              </p>
            ) : (
              messages.hasNextPage && (
                <button
                  type="button"
                  className="button button--secondary chat__older"
                  onClick={() => {
                    // The button goes once the older page is in: read on from inside the box.
                    logRef.current?.focus();
                    loadOlder();
                  }}
                >
                  {t('chat.olderMessages')}
                </button>
              )
            )}
            <ol className="chat__messages">
              {list.map((item) => {
                const isMine = item.senderId === me.id;
                return (
                  <li key={item.id} className={`chat__message${isMine ? ' chat__message--mine' : ''}${item.isPending ? ' chat__message--pending' : ''}`}>
                    <p className="chat__meta">
                      <span className="chat__sender">{isMine ? t('chat.you') : item.senderName}</span>{' '}
                      <time className="chat__time" dateTime={item.sentAt}>
                        {formatMessageTime(item.sentAt, i18n.language)}
                      </time>
                      {item.isPending && <span className="chat__pending"> ({t('chat.sending')})</span>}
                    </p>
                    <p className="chat__content">{item.content}</p>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </div>
      {!isLive && <p className="chat__offline">{t('chat.offline')}</p>}
      {!readOnly &&
        !isClosed &&
        composer?.((text) => {
          setDraft(text);
          setDraftInserted((count) => count + 1);
        })}
      {!readOnly && !isClosed && (
        <form className="chat__form" noValidate onSubmit={onSubmit}>
          <TextAreaField
            ref={draftField}
            label={t('chat.messageLabel')}
            className="chat__field"
            inputClassName="chat__input"
            rows={2}
            maxLength={MESSAGE_CONTENT_MAX}
            value={draft}
            disabled={isClosed}
            error={draftError === undefined ? undefined : message(draftError)}
            describedBy={isClosed ? closedId : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              if (draftError !== undefined) setDraftError(undefined);
            }}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="button button--primary chat__send" disabled={isClosed}>
            {t('chat.send')}
          </button>
        </form>
      )}
      {/* Last: the receipts arrive with a request of their own, after the messages, and above the box
          they pushed it and the reply field ~100 px down while the person was reading. */}
      <ReceiptDownloads subject="conversation" id={conversation.id} version={conversation.status} />
    </section>
  );
}
