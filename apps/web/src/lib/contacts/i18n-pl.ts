import { caseTypeLabels } from '@portal/contract';

// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
  title: 'Wnioskodawca',
  name: '{{firstName}} {{lastName}}',
  username: 'Nazwa użytkownika: {{username}}',
  letters: 'Inne pisma',
  cases: 'Inne sprawy',
  obligations: 'Nieopłacone należności',
  noLetters: 'Brak innych pism.',
  noCases: 'Brak innych spraw.',
  noObligations: 'Brak nieopłaconych należności.',
  due: 'termin {{date}}',
  amount: '{{amount}} zł',
  loadFailed: 'Nie udało się wczytać spraw wnioskodawcy.',
  caseTypes: caseTypeLabels.pl,
  conversationStatus: { OPEN: 'Otwarta', IN_PROGRESS: 'W toku', RESOLVED: 'Zakończona' },
  caseStatus: { PENDING: 'Oczekuje', IN_PROGRESS: 'W toku', RESOLVED: 'Załatwiona', REJECTED: 'Odrzucona' },
  paymentStatus: { PENDING: 'Do zapłaty', PAID: 'Zapłacona', OVERDUE: 'Po terminie' },
};
