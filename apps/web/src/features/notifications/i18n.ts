import { registerTranslations } from '../../lib/i18n';

const en = {
  title: 'Notification settings',
  intro: 'Choose which emails the portal sends you. Notices about your account always arrive.',
  legend: 'Email me about',
  categories: {
    replies: 'New replies in my conversations',
    status: 'Status changes of my letters and cases',
    obligations: 'New obligations and payment reminders',
  },
  loading: 'Loading your settings…',
  loadError: 'Your settings could not be loaded. Try again later.',
  saved: 'Saved.',
  saveError: 'Not saved. Try again.',
} as const;

export const NOTIFICATIONS_NS = registerTranslations('notifications', {
  en,
  pl: {
    title: 'Ustawienia powiadomień',
    intro: 'Wybierz, jakie wiadomości e-mail wysyła Ci portal. Powiadomienia o Twoim koncie przychodzą zawsze.',
    legend: 'Wysyłaj mi e-mail o',
    categories: {
      replies: 'Nowych odpowiedziach w moich rozmowach',
      status: 'Zmianach statusu moich pism i spraw',
      obligations: 'Nowych należnościach i przypomnieniach o płatności',
    },
    loading: 'Wczytywanie ustawień…',
    loadError: 'Nie udało się wczytać ustawień. Spróbuj później.',
    saved: 'Zapisano.',
    saveError: 'Nie zapisano. Spróbuj ponownie.',
  },
});
