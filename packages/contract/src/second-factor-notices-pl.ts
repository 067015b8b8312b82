import type { PolishTexts } from './polish.js';
import { type secondFactorEmailMessages, type secondFactorNoticeMessages } from './second-factor-notices.js';
import { SECOND_FACTOR_FAILURES_PER_ACCOUNT, SECOND_FACTOR_PAUSE_MINUTES } from './two-factor.js';

// second-factor-notices.ts in Polish.

export const secondFactorNoticeMessagesPl: PolishTexts<typeof secondFactorNoticeMessages> = {
  'totp-added': 'Skonfigurowano aplikację uwierzytelniającą do logowania na Twoje konto.',
  'passkey-added': 'Dodano klucz dostępu do logowania na Twoje konto.',
  'recovery-codes-renewed': 'Utworzono nowe kody zapasowe dla Twojego konta; poprzednie już nie działają.',
  'turned-off': 'Logowanie dwuetapowe zostało wyłączone dla Twojego konta.',
  'reset-by-admin': 'Administrator usunął drugie składniki logowania Twojego konta.',
  'codes-paused': `Dla Twojego konta wpisano ${SECOND_FACTOR_FAILURES_PER_ACCOUNT} błędnych kodów logowania, więc kody są odrzucane przez najwyżej ${SECOND_FACTOR_PAUSE_MINUTES} minut.`,
};

export const secondFactorEmailMessagesPl: PolishTexts<typeof secondFactorEmailMessages> = {
  changedSubject: 'Zmieniły się ustawienia logowania',
  pausedSubject: 'Błędne kody logowania do Twojego konta',
  notYou: 'Jeśli to nie Ty, natychmiast zmień hasło i sprawdź logowanie dwuetapowe: ktoś może znać Twoje hasło albo używać Twojego zalogowanego urządzenia.',
  pausedNotYou: 'Jeśli to nie Ty, ktoś zna Twoje hasło: natychmiast je zmień.',
  action: 'Otwórz logowanie dwuetapowe',
};
