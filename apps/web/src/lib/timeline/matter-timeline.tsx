import type { TimelineEntry, TimelineMatter } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDate } from '../format';
import { formatOfficeDateTime } from '../format/office-time';
import { fetchReceiptPdf } from '../receipts/api';
import { notify } from '../notifications';
import { saveBlob } from '../save-blob';
import { type TFunction, useTranslation } from '../i18n';
import { ErrorState, LoadingState } from '../ui/list-states';
import { fetchTimeline, timelineQueryKey } from './api';
import { TIMELINE_NS } from './i18n';
import './matter-timeline.css';

/** Moments as the office counts them: in Warsaw, whatever the reader's device says. */
export const formatOfficeTime = formatOfficeDateTime;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** What an entry says, in the reader's language; a type without words gets a neutral line. */
export function describeEntry(entry: TimelineEntry, t: TFunction, departmentLabel: (name: string) => string = (name) => name, language = 'en'): string {
  const facts = entry.facts;
  const day = (value: unknown) => formatDate(text(value), language, { long: true });
  switch (entry.type) {
    case 'message-sent': {
      const side = facts.from === 'citizen' ? 'citizen' : 'office';
      const count = Number(facts.count ?? 1);
      return t(`messages.${side}${count > 1 ? 'Many' : 'One'}`, { count });
    }
    case 'letter-rated':
      return t(facts.helpful === true ? 'rated.yes' : 'rated.no');
    case 'letter-sent':
      return t('types.letter-sent', { department: departmentLabel(text(facts.department)) });
    case 'case-status-changed':
      return t('types.case-status-changed', { before: t(`status.${text(facts.before)}`), after: t(`status.${text(facts.after)}`) });
    case 'case-decision-delivered':
      return t('types.case-decision-delivered', { decision: t(`status.${text(facts.decision)}`) });
    case 'case-appealed':
      // The appeal starts a new term: its last day, unless the office already waits for the citizen.
      return typeof facts.dueDate === 'string'
        ? t('appealedUntil', { date: formatDate(facts.dueDate, language, { long: true }) })
        : t('types.case-appealed');
    case 'matter-delay-notified':
      return t('types.matter-delay-notified', { date: day(facts.newDueDate) });
    case 'matter-prompted':
      return t('types.matter-prompted', { date: day(facts.answerBy) });
    case 'prompt-answered':
      // No new date: the answer was the decision itself.
      return typeof facts.newDueDate === 'string' ? t('types.prompt-answered', { date: day(facts.newDueDate) }) : t('types.prompt-answered-decided');
    default:
      return t(`types.${entry.type}`, { ...facts, defaultValue: t('other', { type: entry.type.replaceAll('-', ' ') }) });
  }
}

function actorOf(entry: TimelineEntry, t: TFunction): string {
  if (entry.actor.role === 'citizen') return t('you');
  if (entry.actor.role === 'admin') return entry.actor.name ?? t('admin');
  return entry.actor.name ? t('officeNamed', { name: entry.actor.name }) : t('office');
}

export interface MatterTimelineProps {
  matter: TimelineMatter;
  /** The letter's id (`L-n`) or the case's. */
  id: number;
  /** Changes when the matter changed (a status, a message count), so the timeline is read again. */
  version?: string | number;
  departmentLabel?: (name: string) => string;
}

/**
 * A letter's or a case's timeline (issue 32 point 2): an ordered list, oldest first, each entry
 * with its time in Warsaw, who made it, its reason where there is one, and its receipt.
 */
export function MatterTimeline({ matter, id, version, departmentLabel }: MatterTimelineProps) {
  const { t, i18n } = useTranslation(TIMELINE_NS);
  const titleId = useId();
  // Read afresh each time the matter's screen opens (not the portal's 30 s): steps of the other side
  // that change neither a status nor a document (a request to supplement) would otherwise be missing.
  const timeline = useQuery({ queryKey: [...timelineQueryKey(matter, id), version], queryFn: () => fetchTimeline(matter, id), staleTime: 0 });

  async function download(receiptId: number) {
    try {
      saveBlob(await fetchReceiptPdf(receiptId), `receipt-${timeline.data?.reference ?? receiptId}-${receiptId}.pdf`);
    } catch {
      notify(t('receiptFailed'), 'error', { key: `timeline.receipt.${receiptId}` });
    }
  }

  return (
    <section className="matter-timeline" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('title')}</h3>
      {timeline.isPending ? (
        <LoadingState />
      ) : timeline.isError ? (
        <ErrorState>{t('loadFailed')}</ErrorState>
      ) : timeline.data.entries.length === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <ol className="matter-timeline__list" aria-labelledby={titleId}>
          {timeline.data.entries.map((entry) => {
            const what = describeEntry(entry, t, departmentLabel, i18n.language);
            const reason = typeof entry.facts.reason === 'string' && entry.facts.reason ? entry.facts.reason : null;
            const body = entry.type.endsWith('note-added') && typeof entry.facts.body === 'string' ? entry.facts.body : null;
            // The citizen's own words of a prompt (the owner and staff read this timeline).
            const prompt = entry.type === 'matter-prompted' && typeof entry.facts.text === 'string' ? entry.facts.text : null;
            return (
              <li key={entry.id} className={`matter-timeline__entry matter-timeline__entry--${entry.actor.role}`}>
                <p className="matter-timeline__what">{what}</p>
                {reason ? <p className="matter-timeline__reason">{t('reason', { reason })}</p> : null}
                {body ? <p className="matter-timeline__reason">{body}</p> : null}
                {prompt ? (
                  <p className="matter-timeline__reason">
                    <q>{prompt}</q>
                  </p>
                ) : null}
                <p className="matter-timeline__meta">
                  <time dateTime={entry.at}>{formatOfficeTime(entry.at, i18n.language)}</time>
                  {' · '}
                  {actorOf(entry, t)}
                </p>
                {entry.receiptId !== null ? (
                  <button type="button" className="button button--secondary matter-timeline__receipt" onClick={() => void download(entry.receiptId ?? 0)}>
                    {t('receiptOf', { what })}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
