// The Polish of ./performance-i18n.ts, fetched only for a reader of Polish.

export const pl = {
  title: 'Wyniki wydziałów',
  intro:
    'Pisma według wydziału, do którego je skierowano, oraz sprawy, z ostatnich 12 tygodni (od poniedziałku do niedzieli, czas warszawski). Otwarte i po terminie liczone są na teraz; po terminie oznacza po ostatnim dniu ustawowego terminu urzędu.',
  unit: 'Wydział',
  chartTitle: '{{unit}}: wpłynęło i załatwiono w tygodniu',
  chartLabel: 'Wykres pism lub spraw, które wpłynęły i zostały załatwione w kolejnych tygodniach w jednostce {{unit}}; tabela poniżej podaje te same liczby.',
  tableCaption: '{{unit}}, według tygodni',
  week: 'Tydzień od',
  received: 'Wpłynęło',
  resolved: 'Załatwiono',
  firstReply: 'Mediana czasu do pierwszej odpowiedzi (godz.)',
  decision: 'Mediana czasu do rozstrzygnięcia (godz.)',
  openNow: 'Otwarte teraz',
  overdueNow: 'Po terminie teraz',
  ratings: 'Oceny odpowiedzi',
  noRatings: 'Brak ocen',
  ratingsCount: 'pomocne: {{helpful}}, niepomocne: {{notHelpful}}',
  none: '—',
  download: 'Pobierz CSV',
  loadFailed: 'Nie udało się wczytać danych.',
  units: {
    'City Administration': 'Administracja miasta',
    'Public Works Department': 'Wydział Robót Publicznych',
    'Parks and Recreation Department': 'Wydział Parków i Rekreacji',
    'Case Resolutions': 'Sprawy',
  },
};
