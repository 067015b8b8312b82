import type { PolishTexts } from './polish.js';
import type { sessionTexts } from './sessions.js';

// sessions.ts's texts in Polish, in a file of their own: the web loads them only for a reader of Polish.

export const sessionTextsPl: PolishTexts<typeof sessionTexts> = {
  twoFactorTitle: 'Logowanie dwuetapowe',
  twoFactorText: 'Dodaj aplikację uwierzytelniającą lub klucz dostępu, aby samo hasło nie otwierało Twojego konta.',
  twoFactorLink: 'Skonfiguruj logowanie dwuetapowe',
  warningTitle: 'Za 2 minuty nastąpi wylogowanie',
  warningBody: 'Dla bezpieczeństwa sesje wygasają po pewnym czasie. Wybierz „Przedłuż sesję”, aby kontynuować pracę w tym miejscu.',
  warningCountdown: 'Pozostało: {{time}}',
  stay: 'Przedłuż sesję',
  signOut: 'Wyloguj się',
  staying: 'Przedłużanie sesji…',
  stayFailed: 'Nie udało się przedłużyć sesji. Zaloguj się ponownie.',
  signedOutTitle: 'Nastąpiło wylogowanie',
  yourSessions: 'Twoje sesje',
  sessionsIntro: 'Gdzie i kiedy zalogowano się na to konto. Jeśli nie rozpoznajesz sesji, wyloguj się wszędzie indziej i zmień hasło.',
  changePasswordLink: 'Zmień hasło',
  endOne: 'Wyloguj tę sesję',
  endedOne: 'Sesja została wylogowana.',
  thisDevice: 'To urządzenie',
  started: 'Zalogowano',
  lastActive: 'Ostatnia aktywność',
  address: 'Adres',
  browser: 'Przeglądarka',
  signOutOthers: 'Wyloguj wszędzie indziej',
  signedOutOthers: 'Wylogowane inne sesje: {{count}}.',
  noOtherSessions: 'Na to konto nie zalogowano się nigdzie indziej.',
  loadingSessions: 'Wczytywanie sesji…',
  idleNote: 'Sesje pracowników wygasają po {{minutes}} minutach bez aktywności.',
  endStaffSessions: 'Zakończ wszystkie sesje',
  endStaffSessionsTitle: 'Zakończ wszystkie sesje pracownika',
  endStaffSessionsIntro: 'Osoba zostanie wylogowana na wszystkich urządzeniach naraz. Zostanie to zapisane w dzienniku audytu.',
  staffMember: 'Pracownik',
  staffSessionsEnded: 'Zakończone sesje użytkownika {{name}}: {{count}}.',
  unknownBrowser: 'Nieznana przeglądarka',
};
