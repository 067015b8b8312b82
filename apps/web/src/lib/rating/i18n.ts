import { ratingMessages } from '@portal/contract';
import { registerMessageGroup, registerTranslations } from '../i18n';

/** The server's rating messages (limits, refusals): registered with the feature that shows them. */
export const RATING_MESSAGES_NS = registerMessageGroup('rating-messages', { en: ratingMessages, pl: () => import('./messages-pl') });

/** Rating the answer to a resolved letter (issue 32 point 8): in the portal and on the email link's page. */
export const RATING_NS = registerTranslations('rating', {
  en: {
    title: 'Rate the answer',
    question: 'Did the answer help you?',
    helpful: 'Yes, it helped',
    notHelpful: 'No, it did not help',
    comment: 'Comment (optional)',
    commentHint: 'Up to {{max}} characters. The office reads it to improve its answers.',
    send: 'Send rating',
    sending: 'Sending...',
    thanks: 'Thank you: your rating was saved.',
    alreadyRated: 'This answer has already been rated. Thank you!',
    yourRating: 'You rated this answer: {{rating}}.',
    helpfulShort: 'helpful',
    notHelpfulShort: 'not helpful',
    failed: 'The rating could not be sent. Please try again.',
    loadFailed: 'The rating could not be loaded.',
  },
  pl: () => import('./i18n-pl'),
});
