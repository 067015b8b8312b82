import { passwordMessagesPl } from '@portal/contract';

// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
  messages: passwordMessagesPl,
  change: {
    title: 'Zmiana hasła',
    formTitle: 'Hasło do konta',
    intro: 'Prosimy wpisać obecne hasło, a następnie dwukrotnie nowe. Pozostałe sesje zostaną wylogowane, bieżąca pozostanie aktywna.',
    current: 'Obecne hasło',
    next: 'Nowe hasło',
    again: 'Powtórz nowe hasło',
    rules: 'Od 8 do 50 znaków, w tym litery i cyfry.',
    submit: 'Zmień hasło',
    busy: 'Zmienianie...',
    failed: 'Nie udało się zmienić hasła. Prosimy spróbować ponownie.',
    back: 'Powrót do konta',
  },
  reset: {
    title: 'Ustawienie nowego hasła',
    formTitle: 'Nowe hasło do konta',
    intro: 'Prosimy wybrać nowe hasło do konta. Wszystkie sesje konta zostaną zakończone.',
    checking: 'Sprawdzanie linku...',
    submit: 'Ustaw nowe hasło',
    busy: 'Zapisywanie...',
    failed: 'Nie udało się zapisać nowego hasła. Prosimy spróbować ponownie.',
    expiresAt: 'Link jest ważny do {{time}}.',
    toLogin: 'Przejdź do logowania',
    missing: 'Ta strona wymaga linku z wiadomości o ustawieniu hasła. Prosimy otworzyć cały link z wiadomości e-mail.',
  },
};
