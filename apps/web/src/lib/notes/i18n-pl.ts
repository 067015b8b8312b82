// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
  title: 'Notatki wewnętrzne',
  intro: 'Tylko dla pracowników urzędu: wnioskodawca nigdy ich nie widzi.',
  empty: 'Nie ma jeszcze notatek.',
  by: '{{name}}, {{time}}',
  label: 'Nowa notatka',
  hint: 'Najwyżej {{max}} znaków. Współpracownicy zobaczą ją z Twoim imieniem i nazwiskiem oraz godziną.',
  add: 'Dodaj notatkę',
  adding: 'Dodawanie...',
  added: 'Notatka została dodana.',
  failed: 'Nie udało się dodać notatki. Spróbuj ponownie.',
  loadFailed: 'Nie udało się wczytać notatek.',
};
