// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
  label: 'Pobierz potwierdzenie (PDF)',
  labelOf: 'Pobierz potwierdzenie (PDF): {{what}}',
  failed: 'Nie udało się pobrać potwierdzenia. Spróbuj ponownie.',
  intro: 'Potwierdzenia opatrzone podpisem urzędu; każdy może je sprawdzić na stronie',
  listLabel: 'Potwierdzenia',
  kinds: {
    'letter-sent': 'wysłanie pisma',
    'case-submitted': 'złożenie sprawy',
    'document-added': 'dokument {{reference}}',
    'conversation-resolved': 'zakończenie rozmowy',
    'case-status-changed': 'zmiana statusu, {{date}}',
    'case-decision-delivered': 'doręczenie decyzji, {{date}}',
    'case-supplement-answered': 'uzupełnienie sprawy, {{date}}',
    'case-appealed': 'wniesienie odwołania, {{date}}',
    'delay-notice': 'zawiadomienie o zwłoce, {{date}}',
    'prompt-sent': 'wniesienie ponaglenia, {{date}}',
    'prompt-answered': 'odpowiedź na ponaglenie, {{date}}',
  },
};
