import { registerTranslations } from '../../lib/i18n';

// The header button's few words load with every page; the list's words load with the list (i18n.ts).
export const BELL_NS = registerTranslations('notifications-bell', {
  en: {
    button: 'Notifications',
    unread: 'unread: {{count}}',
    announce: 'New notification. Unread: {{count}}.',
    loading: 'Loading notifications…',
  },
  pl: () => import('./bell-i18n-pl'),
});
