import { caseAnswerMessages } from '@portal/contract';
import { type FormEvent, useId, useState } from 'react';
import { HttpError } from '../../../../lib/http';
import { useMessageText, useTranslation } from '../../../../lib/i18n';
import { notify } from '../../../../lib/notifications';
import { BusyButton } from '../../../../lib/ui/busy-button';
import { TextAreaField } from '../../../../lib/ui/text-area-field';
import { uploadCaseDocument } from '../../api/calls';
import { CASES_NS } from '../../i18n';
import type { ChosenFile } from '../../submission';
import { type FileProgress, PdfDropZone } from '../pdf-drop-zone';

export interface TextWithPdfsFormProps {
  caseId: number;
  title: string;
  label: string;
  hint: string;
  maxLength: number;
  /** Shown when the text is empty (nothing is uploaded or sent). */
  required: string;
  submit: string;
  submitting: string;
  /** The server's call with the text and the UUIDs of the PDFs just uploaded to the case. */
  send: (text: string, documents: string[]) => Promise<unknown>;
  sent: string;
  /** A 409's words, when the form knows better ones than the server's English (a date in the reader's language). */
  conflictText?: (serverMessage: string) => string | undefined;
}

/**
 * A citizen's text with PDFs (an answer to a request to supplement, an appeal): each chosen PDF is
 * uploaded to the case first, through the case's one upload call (same PDF rules, quotas and
 * streaming as its documents), then the text is sent naming them.
 */
export function TextWithPdfsForm({ caseId, title, label, hint, maxLength, required, submit, submitting, send, sent, conflictText }: TextWithPdfsFormProps) {
  const { t } = useTranslation(CASES_NS);
  const shared = useMessageText();
  const headingId = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [progress, setProgress] = useState<FileProgress>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The server's field messages are the contract's English: this feature's texts word them.
  const wordsOf = (message: string) => {
    const key = Object.entries(caseAnswerMessages).find(([, english]) => english === message)?.[0];
    return key ? t(`answers.errors.${key}`) : (shared(message) ?? message);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return setError(required);
    setError(undefined);
    setBusy(true);
    const uploaded: string[] = [];
    try {
      const states = new Map(files.map(({ key }) => [key, { fraction: 0, done: false }]));
      setProgress(new Map(states));
      for (const { key, file } of files) {
        const stored = await uploadCaseDocument(caseId, file, (fraction) => setProgress(new Map(states.set(key, { fraction, done: false }))));
        states.set(key, { fraction: 1, done: true });
        uploaded.push(stored.uuid);
      }
      await send(text, uploaded);
      setText('');
      setFiles([]);
      notify(sent, 'success', { key: `cases.answers.${caseId}` });
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 409) setError(conflictText?.(failure.message) ?? wordsOf(failure.message));
      else if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) setError(wordsOf(Object.values(failure.fields)[0] ?? failure.message));
      else notify(t('answers.failed'), 'error', { key: `cases.answers.${caseId}` });
    } finally {
      setBusy(false);
      setProgress(undefined);
    }
  }

  return (
    <form noValidate className="form case-answer-form" aria-labelledby={headingId} onSubmit={(event) => void onSubmit(event)}>
      <h4 id={headingId}>{title}</h4>
      <TextAreaField label={label} hint={hint} rows={3} maxLength={maxLength} value={text} error={error} onChange={(event) => setText(event.currentTarget.value)} />
      <PdfDropZone
        files={files}
        progress={progress}
        onAdd={(added) => setFiles((current) => [...current, ...added])}
        onRemove={(key) => setFiles((current) => current.filter((file) => file.key !== key))}
      />
      <BusyButton type="submit" className="button button--primary" busy={busy}>
        {busy ? submitting : submit}
      </BusyButton>
    </form>
  );
}
