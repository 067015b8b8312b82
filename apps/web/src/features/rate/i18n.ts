import { registerTranslations } from '../../lib/i18n';

/** The public page of a resolved letter's rating link (issue 32 point 8). */
export const RATE_NS = registerTranslations('rate', {
  en: {
    title: 'Rate an answer',
    letter: 'Letter {{reference}}: {{subject}}',
    loading: 'Opening the link...',
    noToken: 'This page opens from the link in the email about your resolved letter.',
    expired: 'This rating link has expired. You can still rate the answer in the portal after signing in.',
    invalid: 'This rating link is not valid. You can rate the answer in the portal after signing in.',
    failed: 'The link could not be opened. Please try again later.',
    thanks: 'Thank you! Your rating was saved.',
    alreadyRated: 'This answer has already been rated. Thank you!',
  },
  pl: () => import('./i18n-pl'),
});
