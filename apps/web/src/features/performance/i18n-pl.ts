import { PUBLIC_MINIMUM_MATTERS } from '@portal/contract';

// The Polish of ./i18n.ts, fetched only for a reader of Polish.

export const pl = {
  title: 'Jak urząd odpowiada',
  intro: 'Pisma do poszczególnych wydziałów oraz sprawy od {{from}} do {{to}}: ile wpłynęło, ile załatwiono i jaka jest mediana czasu do odpowiedzi.',
  threshold: `Liczba jest podawana tylko wtedy, gdy stoi za nią co najmniej ${PUBLIC_MINIMUM_MATTERS} spraw; w przeciwnym razie widnieje „za mało danych”. Z tych liczb nie da się zidentyfikować żadnej osoby.`,
  caption: 'Wpłynęło i załatwiono w ostatnich 12 miesiącach, według wydziałów',
  unit: 'Wydział',
  received: 'Wpłynęło',
  resolved: 'Załatwiono',
  median: 'Mediana czasu do odpowiedzi (dni)',
  notEnough: 'Za mało danych',
  openData: 'Otwarte dane',
  json: 'Pobierz jako JSON',
  csv: 'Pobierz jako CSV',
  loadFailed: 'Nie udało się wczytać danych. Spróbuj ponownie później.',
  units: {
    'City Administration': 'Administracja miasta',
    'Public Works Department': 'Wydział Robót Publicznych',
    'Parks and Recreation Department': 'Wydział Parków i Rekreacji',
    'Case Resolutions': 'Sprawy',
  },
};
