import { registerTranslations } from '../i18n';

/** Internal notes, shared by the letters and cases features (issue 33): staff only. */
export const INTERNAL_NOTES_NS = registerTranslations('internal-notes', {
  en: {
    title: 'Internal notes',
    intro: 'For staff only: the applicant never sees these notes.',
    empty: 'No notes yet.',
    by: '{{name}}, {{time}}',
    label: 'New note',
    hint: 'Up to {{max}} characters. Colleagues see it with your name and the time.',
    add: 'Add note',
    adding: 'Adding...',
    added: 'Your note was added.',
    failed: 'The note could not be added. Please try again.',
    loadFailed: 'The notes could not be loaded.',
  },
  pl: () => import('./i18n-pl'),
});
