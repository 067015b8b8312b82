import { SUBJECT_PREVIEW_LENGTH } from '@portal/contract';

/** Spec sections 2 and 9: the citizen's list shows each subject cut to its first 6 characters and '...'. */
export function previewSubject(subject: string): string {
  // Array.from counts characters, not UTF-16 halves, so an emoji or 'ż' is never split.
  return `${Array.from(subject).slice(0, SUBJECT_PREVIEW_LENGTH).join('')}...`;
}
