import { CHAT_BOX_MAX_HEIGHT_PX, commonMessages, letterMessages, MESSAGE_CONTENT_MAX, type ConversationResponse, type UserResponse } from '@portal/contract';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/i18n';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { useSendMessageMutation } from '../api/mutations';
import { useMessages, type ChatMessage } from '../api/queries';
import { formatMessageTime } from '../format';
import { LETTERS_NS } from '../i18n';

type ConversationChatProps = {
  conversation: ConversationResponse;
  me: UserResponse;
  /** True while the WebSocket is connected; otherwise the chat polls. */
  isLive: boolean;
  /** The chat's heading (focusable from script), so a picker can move the reader to the opened chat. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * The chat of one conversation, shared by both dashboards (spec sections 2, 4 and 5): the messages
 * in a box of at most 300 px that scrolls and keeps the newest in view, the sender's own messages
 * as 'You', a labelled message box and Send. Blank messages are not sent; a resolved conversation
 * is closed for writing.
 */
export function ConversationChat({ conversation, me, isLive, headingRef }: ConversationChatProps) {
  const { t, i18n } = useTranslation(LETTERS_NS);
  const message = useMessageText();
  const id = useId();
  const messages = useMessages(conversation.id, isLive);
  const send = useSendMessageMutation(me);
  const [draft, setDraft] = useState('');
  const [isBlank, setIsBlank] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const isClosed = conversation.status === 'RESOLVED';
  const list: ChatMessage[] = messages.data ?? [];
  const lastId = list[list.length - 1]?.id;

  useLayoutEffect(() => {
    // Keep the newest message visible whenever one arrives or another chat opens.
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastId, list.length, conversation.id]);

  function submit() {
    const content = draft.trim();
    if (content === '') {
      setIsBlank(true);
      return;
    }
    if (isClosed) return;
    setIsBlank(false);
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
  return (
    <section className="chat" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="chat__title">
        {t('chat.title', { subject: conversation.subject })}
      </h3>
      {isClosed && (
        <p id={closedId} className="chat__closed" role="status">
          {t('chat.closed')}
        </p>
      )}
      <div
        ref={logRef}
        className="chat__log"
        role="log"
        aria-label={t('chat.messages')}
        aria-busy={messages.isPending}
        tabIndex={0}
        style={{ maxHeight: `${CHAT_BOX_MAX_HEIGHT_PX}px` }}
      >
        {messages.isPending ? (
          <p className="chat__state">{message(commonMessages.loading)}</p>
        ) : list.length === 0 ? (
          <p className="chat__state">{t('chat.empty')}</p>
        ) : (
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
        )}
      </div>
      {!isLive && <p className="chat__offline">{t('chat.offline')}</p>}
      <form className="chat__form" noValidate onSubmit={onSubmit}>
        <TextAreaField
          label={t('chat.messageLabel')}
          className="chat__field"
          inputClassName="chat__input"
          rows={2}
          maxLength={MESSAGE_CONTENT_MAX}
          value={draft}
          disabled={isClosed}
          error={isBlank ? message(letterMessages.messageEmpty) : undefined}
          describedBy={isClosed ? closedId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (isBlank) setIsBlank(false);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--primary chat__send" disabled={isClosed}>
          {t('chat.send')}
        </button>
      </form>
    </section>
  );
}
