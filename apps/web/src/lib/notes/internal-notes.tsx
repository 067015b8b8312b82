import { INTERNAL_NOTE_MAX, internalNoteRequest } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { formatDateTime } from '../format';
import { HttpError } from '../http';
import { useMessageText, useTranslation } from '../i18n';
import '../i18n/groups/desk';
import { notify } from '../notifications';
import { BusyButton } from '../ui/busy-button';
import { ErrorState, LoadingState } from '../ui/list-states';
import { TextAreaField } from '../ui/text-area-field';
import { addNote, fetchNotes, type NoteSubject, notesQueryKey } from './api';
import { INTERNAL_NOTES_NS } from './i18n';
import './internal-notes.css';

/**
 * Staff's internal notes on a case or a conversation (issue 33): oldest first with author and
 * time, and a form for a new one. Rendered only on staff's screens; the API refuses citizens too.
 */
export function InternalNotes({ subject, id }: { subject: NoteSubject; id: number }) {
  const { t, i18n } = useTranslation(INTERNAL_NOTES_NS);
  const message = useMessageText();
  const titleId = useId();
  const queryClient = useQueryClient();
  const notes = useQuery({ queryKey: notesQueryKey(subject, id), queryFn: () => fetchNotes(subject, id) });
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const field = useRef<HTMLTextAreaElement>(null);
  const mutation = useMutation({
    mutationFn: (text: string) => addNote(subject, id, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(subject, id) }),
  });

  /** The contract's rule for a note: the first message, or undefined when it may be sent. */
  const check = (text: string) => {
    const result = internalNoteRequest.safeParse({ body: text });
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  return (
    <section className="internal-notes" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('title')}</h3>
      <p className="internal-notes__intro">{t('intro')}</p>
      {notes.isPending ? (
        <LoadingState />
      ) : notes.isError ? (
        <ErrorState>{t('loadFailed')}</ErrorState>
      ) : notes.data.length === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <ol className="internal-notes__list" aria-label={t('title')}>
          {notes.data.map((note) => (
            <li key={note.id} className="internal-notes__note">
              <p className="internal-notes__body">{note.body}</p>
              <p className="internal-notes__by">
                {t('by', {
                  name: `${note.author.firstName} ${note.author.lastName}`,
                  time: formatDateTime(note.createdAt, i18n.language),
                })}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="internal-notes__form"
        noValidate
        aria-busy={mutation.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          const problem = check(body);
          if (problem) {
            setError(problem);
            field.current?.focus();
            return;
          }
          mutation.mutate(body, {
            onSuccess: () => {
              setBody('');
              setError(undefined);
              notify(t('added'), 'success', { key: `notes.${subject}.${id}` });
            },
            onError: (failure) => {
              const fieldMessage = failure instanceof HttpError ? failure.fields.body : undefined;
              if (fieldMessage) setError(fieldMessage);
              else notify(t('failed'), 'error', { key: `notes.${subject}.${id}` });
            },
          });
        }}
      >
        <TextAreaField
          ref={field}
          label={t('label')}
          hint={t('hint', { max: INTERNAL_NOTE_MAX })}
          rows={3}
          maxLength={INTERNAL_NOTE_MAX}
          disabled={mutation.isPending}
          value={body}
          error={message(error)}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setBody(next);
            if (error) setError(check(next));
          }}
        />
        <BusyButton type="submit" className="button button--secondary" busy={mutation.isPending}>
          {mutation.isPending ? t('adding') : t('add')}
        </BusyButton>
      </form>
    </section>
  );
}
