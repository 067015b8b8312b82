import { DEPARTMENTS, letterMessages, letterReference, type ConversationListItem, type Department, type UserResponse } from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { NotificationSlot, notify } from '../../../lib/notifications';
import { ListStates } from '../../../lib/ui/list-states';
import { SelectField } from '../../../lib/ui/select-field';
import { useTakeConversationMutation } from '../api/mutations';
import { OPEN_LIST_POLL_INTERVAL_MS, useStaffConversations } from '../api/queries';
import { formatDateTime, formatWaitingTime } from '../../../lib/format';
import { LETTERS_DESK_NS } from '../desk-i18n';
import { LETTERS_NS } from '../i18n';
import { useNow } from '../../../lib/use-now';
import { ConversationFacts } from './conversation-facts';
import { DeadlineBadge } from './deadline-badge';
import { byDueDate, DueFacts } from './due-mark';

/** The waiting times are brought up to date this often. */
const CLOCK_TICK_MS = 30_000;

/**
 * Spec section 2, Take Conversations, as a working queue: each open conversation with letter ID,
 * subject and sender (the spec's), department, date received and how long it has waited; by the
 * date the answer is due, overdue first and marked (issue 33); a department filter. Success says 'Conversation taken successfully!' and the entry leaves
 * the list. Losing it to a colleague (409) says so on the card, which stays until removed.
 */
export function OpenConversations({ me }: { me: UserResponse }) {
  const { t, i18n } = useTranslation(LETTERS_NS);
  const { t: td } = useTranslation(LETTERS_DESK_NS);
  const message = useMessageText();
  const prefix = useId();
  const now = useNow(CLOCK_TICK_MS);
  const conversations = useStaffConversations('OPEN', me.id, { refetchInterval: OPEN_LIST_POLL_INTERVAL_MS });
  const take = useTakeConversationMutation(me.id);
  const [department, setDepartment] = useState<Department | ''>('');
  /** Conversations a colleague took first, kept on screen with the reason until removed. */
  const [lost, setLost] = useState<ReadonlyMap<number, ConversationListItem>>(new Map());
  /** The lost card whose button takes focus once it is drawn. */
  const focusLost = useRef<number | undefined>(undefined);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const lostButtons = useRef(new Map<number, HTMLButtonElement>());

  useEffect(() => {
    // The Take button of a lost card is gone: put the reader on the card's way out.
    if (focusLost.current === undefined) return;
    lostButtons.current.get(focusLost.current)?.focus();
    focusLost.current = undefined;
  }, [lost]);

  const waiting = [...(conversations.data ?? []).filter((conversation) => !lost.has(conversation.id)), ...lost.values()].sort(byDueDate);
  const shown = department === '' ? waiting : waiting.filter((conversation) => conversation.recipient === department);

  function onTake(conversation: ConversationListItem) {
    take.mutate(conversation.id, {
      onSuccess: () => {
        notify(message(letterMessages.conversationTaken) ?? letterMessages.conversationTaken, 'success', { key: 'letters.take' });
        // The card is gone: continue from the top of the queue.
        titleRef.current?.focus();
      },
      onError: (error) => {
        console.error('[letters] taking the conversation failed', error);
        // A colleague was faster: say so where the reader is. Other failures stay silent (spec section 8).
        if (error instanceof HttpError && error.status === 409) {
          focusLost.current = conversation.id;
          setLost((current) => new Map(current).set(conversation.id, conversation));
        }
      },
    });
  }

  function dismiss(conversationId: number) {
    setLost((current) => {
      const rest = new Map(current);
      rest.delete(conversationId);
      return rest;
    });
    titleRef.current?.focus();
  }

  const isEmpty = shown.length === 0;
  const takeable = shown.filter((conversation) => !lost.has(conversation.id)).length;
  return (
    <section aria-labelledby={`${prefix}-title`} className="queue">
      <div className="queue__header">
        <div>
          <h2 id={`${prefix}-title`} ref={titleRef} tabIndex={-1} className="panel-title two-pane__title">
            {td('staffList.openConversations')}
          </h2>
          {/* Present while loading too (empty), so the filter below keeps its place when the count arrives. */}
          <p className="queue__count">{conversations.isPending ? null : td('queue.count', { count: takeable })}</p>
        </div>
        <SelectField
          label={td('queue.filter')}
          className="queue__filter"
          value={department}
          options={[
            { value: '', label: td('queue.allDepartments') },
            ...DEPARTMENTS.map((value) => ({ value, label: t(`departments.${value}`) })),
          ]}
          onChange={(event) => setDepartment(event.target.value as Department | '')}
        />
      </div>
      <NotificationSlot keys={['letters.take']} />
      <ListStates
        isPending={conversations.isPending}
        isEmpty={isEmpty}
        emptyText={department === '' ? td('staffList.noOpen') : td('staffList.noOpenInDepartment')}
      >
        <ul className="card-list" aria-labelledby={`${prefix}-title`}>
          {shown.map((conversation) => {
            const subjectId = `${prefix}-subject-${conversation.id}`;
            const lostId = `${prefix}-lost-${conversation.id}`;
            const isLost = lost.has(conversation.id);
            const isTaking = take.isPending && take.variables === conversation.id;
            const waited = formatWaitingTime(conversation.createdAt, i18n.language, now) ?? td('queue.justArrived');
            return (
              <li key={conversation.id} className={`conversation-card${isLost ? ' conversation-card--lost' : ''}`}>
                <ConversationFacts
                  facts={[
                    { label: t('fields.letterId'), value: letterReference(conversation.letterId) },
                    { label: t('fields.subject'), value: conversation.subject, id: subjectId },
                    { label: t('fields.sender'), value: conversation.nameSurname },
                    { label: t('fields.department'), value: t(`departments.${conversation.recipient}`) },
                    {
                      label: td('staffFields.received'),
                      value: <time dateTime={conversation.createdAt}>{formatDateTime(conversation.createdAt, i18n.language)}</time>,
                    },
                    { label: td('staffFields.waiting'), value: waited },
                  ]}
                />
                {/* "Overdue" is the due facts' own mark; the badge adds "due soon". */}
                <DeadlineBadge deadline={conversation.deadline === 'due-soon' ? 'due-soon' : undefined} label={td('due.due-soon')} />
                <DueFacts conversation={conversation} />
                {isLost ? (
                  <>
                    <p id={lostId} className="conversation-card__lost" role="alert">
                      {td('queue.lostTake')}
                    </p>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-describedby={`${lostId} ${subjectId}`}
                      ref={(element) => {
                        if (element) lostButtons.current.set(conversation.id, element);
                        else lostButtons.current.delete(conversation.id);
                      }}
                      onClick={() => dismiss(conversation.id)}
                    >
                      {td('queue.dismiss')}
                    </button>
                  </>
                ) : (
                  // Admins take too (issue 3: EMPLOYEE and ADMIN list, take and resolve).
                  <button
                    type="button"
                    className="button button--primary"
                    aria-describedby={subjectId}
                    disabled={isTaking}
                    onClick={() => onTake(conversation)}
                  >
                    {isTaking ? td('staffList.taking') : td('staffList.take')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </ListStates>
    </section>
  );
}
