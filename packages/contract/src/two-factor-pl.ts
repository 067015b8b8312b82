import type { PolishTexts } from './polish.js';
import {
  PASSKEY_NAME_MAX,
  SECOND_FACTOR_PAUSE_MINUTES,
  type twoFactorMessages,
} from './two-factor.js';

// two-factor.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

export const twoFactorMessagesPl: PolishTexts<typeof twoFactorMessages> = {
  codeRequired: 'Wpisz kod.',
  codeShape: 'Wpisz 6 cyfr z aplikacji albo kod zapasowy w rodzaju 7KQ2M-X9D4T.',
  totpShape: 'Wpisz 6 cyfr, które pokazuje aplikacja.',
  codeWrong: 'Ten kod jest nieprawidłowy. Sprawdź godzinę w telefonie i spróbuj ponownie.',
  challengeExpired: 'Logowanie trwało zbyt długo. Zaloguj się ponownie.',
  enrolFirst: 'Zanim przejdziesz dalej, włącz logowanie dwuetapowe.',
  noSetupStarted: 'Zacznij konfigurację od nowa: wygasła albo nie została rozpoczęta.',
  alreadyOn: 'Logowanie dwuetapowe jest już włączone dla tego konta.',
  notOn: 'Logowanie dwuetapowe nie jest włączone dla tego konta.',
  requiredForStaff: 'Konta pracowników muszą mieć włączone logowanie dwuetapowe.',
  passkeyRefused: 'Nie udało się sprawdzić klucza dostępu. Spróbuj ponownie albo użyj kodu.',
  passkeyUnknown: 'Ten klucz dostępu nie jest tu zarejestrowany.',
  resetOnlyOthers: 'Własny drugi składnik zmienisz na stronie konfiguracji.',
  nameTooLong: `Nazwa klucza dostępu może mieć najwyżej ${PASSKEY_NAME_MAX} znaków.`,
  passwordToConfirm: 'Wpisz swoje hasło, aby potwierdzić.',
  passwordWrong: 'To hasło jest nieprawidłowe.',
  challengeSpent: 'Zbyt wiele błędnych kodów przy tym logowaniu. Zaloguj się ponownie.',
  codesPaused: `Dla tego konta wpisano zbyt wiele błędnych kodów. Kody logowania są odrzucane przez najwyżej ${SECOND_FACTOR_PAUSE_MINUTES} minut; klucz dostępu nadal działa.`,
  passkeyDuplicate: 'Ten klucz dostępu jest już zarejestrowany.',
};
