import { caseMessages, DOCUMENT_MAX_BYTES_DEFAULT, hasPdfSignature, mebibytes, PDF_SIGNATURE } from '@portal/contract';
import { useId, useState, type DragEvent } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { dismissKey, notify } from '../../../lib/notifications';
import { CASE_FORM } from './case-form-notifications';
import { formatFileSize } from '../../../lib/format';
import { CASES_NS } from '../i18n';
import type { ChosenFile } from '../submission';

/** Upload state of one file while the form is submitted: 0..1 sent, and whether it has ended. */
export type FileProgress = ReadonlyMap<string, { fraction: number; done: boolean }>;

type PdfDropZoneProps = {
  files: readonly ChosenFile[];
  onAdd: (files: ChosenFile[]) => void;
  onRemove: (key: string) => void;
  /** Present while the form is being submitted: the files then show progress and cannot change. */
  progress?: FileProgress;
};

const keyOf = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/** The same test the server makes: the first bytes, never the name or the declared type. */
async function isPdf(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer());
  return hasPdfSignature(head);
}

/**
 * Spec section 2: the drop area 'Drag and drop PDF files here or click to select files' and the
 * chosen files under 'Uploaded Files:'. The area is the label of a real file input, so a click,
 * Enter or Space opens the file picker; dropping works with the mouse. A file that is not a PDF
 * gives 'Only PDF files are allowed.' and is not added; one larger than the limit is not added either.
 */
export function PdfDropZone({ files, onAdd, onRemove, progress }: PdfDropZoneProps) {
  const { t, i18n } = useTranslation(CASES_NS);
  const message = useMessageText();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [isDragging, setIsDragging] = useState(false);
  const isSubmitting = progress !== undefined;
  const maxMebibytes = mebibytes(DOCUMENT_MAX_BYTES_DEFAULT);

  async function take(list: FileList | null) {
    if (!list || isSubmitting) return;
    const chosen = [...list];
    const accepted: ChosenFile[] = [];
    let notPdf = 0;
    let tooLarge = 0;
    for (const file of chosen) {
      if (!(await isPdf(file))) {
        notPdf += 1;
        continue;
      }
      if (file.size > DOCUMENT_MAX_BYTES_DEFAULT) {
        tooLarge += 1;
        continue;
      }
      const key = keyOf(file);
      if (!files.some((existing) => existing.key === key) && !accepted.some((existing) => existing.key === key)) accepted.push({ key, file });
    }
    // One message for the whole choice, naming no file, under one key: a second refused choice
    // replaces the first message instead of stacking a second one.
    const refusals = [
      notPdf > 0 ? (message(caseMessages.onlyPdf) ?? caseMessages.onlyPdf) : '',
      tooLarge > 0 ? t('form.fileTooLarge', { count: tooLarge, max: maxMebibytes }) : '',
    ].filter(Boolean);
    if (refusals.length > 0) notify(refusals.join(' '), 'error', { key: 'cases.fileRefused', form: CASE_FORM });
    // A valid PDF chosen fixes what a refused choice complained about: its message goes.
    else if (accepted.length > 0) dismissKey('cases.fileRefused');
    if (accepted.length > 0) onAdd(accepted);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setIsDragging(false);
    void take(event.dataTransfer.files);
  }

  return (
    <div className="pdf-files">
      <label
        htmlFor={inputId}
        className={['drop-zone', isDragging ? 'drop-zone--active' : '', isSubmitting ? 'drop-zone--disabled' : ''].filter(Boolean).join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!isSubmitting) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
      >
        <span className="drop-zone__icon" aria-hidden="true">
          PDF
        </span>
        <span id={`${inputId}-text`} className="drop-zone__text">
          {t('form.dropArea')}
        </span>
        <span id={hintId} className="drop-zone__hint">
          {t('form.dropHint', { max: maxMebibytes })}
        </span>
        <input
          id={inputId}
          type="file"
          className="visually-hidden drop-zone__input"
          accept="application/pdf,.pdf"
          multiple
          disabled={isSubmitting}
          // Named by the spec's sentence alone; the size hint describes it.
          aria-labelledby={`${inputId}-text`}
          aria-describedby={hintId}
          onChange={(event) => {
            const input = event.currentTarget;
            void take(input.files).finally(() => {
              // The same file may be chosen again after it was removed.
              input.value = '';
            });
          }}
        />
      </label>

      {files.length > 0 && (
        <section className="uploaded-files" aria-labelledby={`${inputId}-files`}>
          <h3 id={`${inputId}-files`} className="uploaded-files__title">
            {t('form.uploadedFiles')}
          </h3>
          <ul className="uploaded-files__list">
            {files.map(({ key, file }) => {
              const state = progress?.get(key);
              return (
                <li key={key} className="uploaded-file">
                  <span className="uploaded-file__name">{file.name}</span>
                  <span className="uploaded-file__size">{formatFileSize(file.size, i18n.language)}</span>
                  {isSubmitting ? (
                    <span className="uploaded-file__upload">
                      <progress
                        className="uploaded-file__progress"
                        max={100}
                        value={Math.round((state?.fraction ?? 0) * 100)}
                        aria-label={t('form.progress', { name: file.name })}
                      />
                      {/* The bar already tells assistive technology; the figure is for the eyes. */}
                      <span className="uploaded-file__percent" aria-hidden="true">
                        {Math.round((state?.fraction ?? 0) * 100)}%
                      </span>
                    </span>
                  ) : (
                    <button type="button" className="button button--secondary uploaded-file__remove" aria-label={t('form.removeFile', { name: file.name })} onClick={() => onRemove(key)}>
                      {t('form.remove')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
