import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useMessageText, useTranslation } from '../i18n';
import { fieldMessages } from './form-errors';

type ErrorSummaryProps<T extends FieldValues> = {
  /** react-hook-form's `formState.errors`. */
  errors: FieldErrors<T>;
  /**
   * react-hook-form's `formState.submitCount`: the summary appears after a submit and takes focus on
   * each one. The form sets `shouldFocusError: false`, or react-hook-form moves focus on to the field.
   */
  submitCount: number;
  /** Id of the summary; its list has `${id}-list`, so a message several fields share can describe them. */
  id?: string;
  /** 3 under a form's h2 title (the usual case). */
  headingLevel?: 2 | 3;
  /**
   * Problems with a choice made outside the form (the user picker beside Create Obligations),
   * listed first while given and linked to `targetId`, the control that fixes them.
   */
  outside?: readonly OutsideError[];
};

export type OutsideError = { name: string; message: string; targetId: string };

type Placed = { id: string; order: number };

/** The form control react-hook-form registered under `name`, in the form that holds `inside`. */
function controlNamed(inside: Element | null, name: string): HTMLElement | undefined {
  const item = inside?.closest('form')?.elements.namedItem(name);
  const control = item instanceof RadioNodeList ? item[0] : item;
  return control instanceof HTMLElement ? control : undefined;
}

/**
 * The GOV.UK error summary: after a submit with errors, a box at the top of the form headed
 * 'There is a problem' lists each message as a link to its field, in the form's reading order, and
 * takes focus so the reader hears what to fix. It adds to the messages under the fields, never
 * replaces them. A message several fields share is listed once, linked to the first of them. Fixed
 * errors leave the list, and the box goes with the last one; errors that appear while typing wait
 * for the next submit.
 */
export function ErrorSummary<T extends FieldValues>({ errors, submitCount, id, headingLevel = 3, outside = [] }: ErrorSummaryProps<T>) {
  const { t } = useTranslation();
  const message = useMessageText();
  const ownId = useId();
  const rootId = id ?? ownId;
  const root = useRef<HTMLDivElement>(null);
  const current = fieldMessages(errors);

  // The fields that were wrong at the last submit (state derived from the submit count, kept in render).
  const [submitted, setSubmitted] = useState({ count: submitCount, names: new Set(current.map((entry) => entry.name)) });
  let names = submitted.names;
  if (submitted.count !== submitCount) {
    names = new Set(current.map((entry) => entry.name));
    setSubmitted({ count: submitCount, names });
  }
  const listed = submitCount > 0 ? current.filter((entry) => names.has(entry.name)) : [];
  const listedKey = listed.map((entry) => entry.name).join('\n');

  // Where each listed field is: its id for the link, its place for the order.
  const [placed, setPlaced] = useState<ReadonlyMap<string, Placed>>(new Map());
  useLayoutEffect(() => {
    const form = root.current?.closest('form');
    if (!form) return;
    const controls = Array.from(form.elements);
    const next = new Map<string, Placed>();
    for (const name of listedKey.split('\n')) {
      const control = controlNamed(root.current, name);
      if (control?.id) next.set(name, { id: control.id, order: controls.indexOf(control as Element) });
    }
    setPlaced(next);
  }, [listedKey]);

  const outsideShown = submitCount > 0 ? outside : [];
  const outsideKey = outsideShown.map((entry) => entry.name).join('\n');
  // An outside problem may be known a render after the submit (the page holds it): focus then too.
  useEffect(() => {
    if (submitCount > 0) root.current?.focus();
  }, [submitCount, outsideKey]);

  if (listed.length === 0 && outsideShown.length === 0) return null;

  const ordered = [...listed].sort((a, b) => (placed.get(a.name)?.order ?? Number.MAX_SAFE_INTEGER) - (placed.get(b.name)?.order ?? Number.MAX_SAFE_INTEGER));
  const entries = ordered.filter((entry, index) => ordered.findIndex((other) => other.message === entry.message) === index);

  function onFollowOutside(event: MouseEvent<HTMLAnchorElement>, targetId: string) {
    const control = document.getElementById(targetId);
    if (!control) return;
    event.preventDefault();
    control.focus({ preventScroll: true });
    control.scrollIntoView?.({ block: 'center' });
  }

  function onFollow(event: MouseEvent<HTMLAnchorElement>, name: string) {
    const control = controlNamed(root.current, name);
    if (!control) return;
    // Focus the field itself (a fragment link only scrolls), with its label and message in view.
    event.preventDefault();
    control.focus({ preventScroll: true });
    (control.closest('.field') ?? control).scrollIntoView?.({ block: 'center' });
  }

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div ref={root} id={rootId} className="error-summary" role="alert" tabIndex={-1} aria-labelledby={`${rootId}-title`}>
      <Heading id={`${rootId}-title`} className="error-summary__title">
        {t('errorSummary.title')}
      </Heading>
      <ul id={`${rootId}-list`} className="error-summary__list">
        {outsideShown.map((entry) => (
          <li key={`outside-${entry.name}`}>
            <a href={`#${entry.targetId}`} onClick={(event) => onFollowOutside(event, entry.targetId)}>
              {message(entry.message)}
            </a>
          </li>
        ))}
        {entries.map((entry) => (
          <li key={entry.name}>
            <a href={`#${placed.get(entry.name)?.id ?? ''}`} onClick={(event) => onFollow(event, entry.name)}>
              {message(entry.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
