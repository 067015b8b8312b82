// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
  bannerLead: 'Wysyłaj pisma do wydziałów urzędu miasta, sprawdzaj swoje należności i składaj sprawy przez internet.',
  servicesTitle: 'Dostępne usługi',
  services: {
    letters: { title: 'Pisma', description: 'Napisz pismo do wydziału urzędu miasta i rozmawiaj z pracownikiem, który je prowadzi.' },
    financialObligations: { title: 'Zobowiązania finansowe', description: 'Sprawdź swoje płatności w PLN jako listę lub wykres.' },
    caseHandling: { title: 'Sprawy', description: 'Składaj sprawy, np. rejestrację pojazdu, z dokumentami PDF i śledź ich status.' },
    open: 'Przejdź do: {{screen}}',
    logInFor: 'Zaloguj się, by skorzystać z usługi „{{service}}”',
  },
  performance: { text: 'Jak szybko odpowiada urząd?', link: 'Zobacz dane według wydziałów' },
  credits: { title: 'Autorzy', author: 'Autor', university: 'Uczelnia', year: 'Rok' },
};
