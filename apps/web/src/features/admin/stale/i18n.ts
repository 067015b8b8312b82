import { handoffMessages } from '@portal/contract';
import { registerMessageGroup, registerTranslations } from '../../../lib/i18n';

export const STALE_MESSAGES_NS = registerMessageGroup('handoff-messages', { en: handoffMessages, pl: () => import('./messages-pl') });

/** The Stale assignments tab of the Admin Dashboard. */
export const STALE_NS = registerTranslations('admin-stale', {
  en: {
    tab: 'Stale assignments',
    title: 'Stale assignments',
    intro: 'Letters and cases in progress that nobody on the staff has acted on for {{days}} working days or more. Release one to put it back in the queue; its clerk is told why.',
    empty: 'Nothing is stale: every letter and case in progress had a staff action recently.',
    loadFailed: 'The stale assignments could not be loaded.',
    columns: { matter: 'Matter', handler: 'Handled by', idle: 'Idle (working days)', last: 'Last staff action', action: 'Action' },
    letter: 'Letter',
    case: 'Case',
    release: 'Release',
    releaseLabel: 'Release {{reference}}',
    releaseTitle: 'Release {{reference}} to the queue',
    releaseIntro: '{{name}} will no longer handle it and is told the reason.',
    reason: 'Reason',
    confirm: 'Release',
    releasing: 'Releasing...',
    cancel: 'Cancel',
    released: '{{reference}} is back in the queue.',
    failed: 'It could not be released. Please try again.',
    settings: {
      title: 'Settings',
      stale: 'Working days without a staff action before an assignment is stale',
      reopen: 'Days a citizen may reopen a resolved letter',
      save: 'Save settings',
      saving: 'Saving...',
      saved: 'The settings were saved.',
      failed: 'The settings could not be saved.',
    },
  },
  pl: () => import('./i18n-pl'),
});
