import type { passwordEmailMessages, passwordMessages, passwordNoticeMessages } from './passwords.js';
import type { PolishTexts } from './polish.js';

// passwords.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

export const passwordMessagesPl: PolishTexts<typeof passwordMessages> = {
  currentRequired: 'Obecne hasło jest wymagane',
  currentWrong: 'Obecne hasło jest nieprawidłowe.',
  confirmMismatch: 'Nowe hasła nie są takie same.',
  changed: 'Hasło zostało zmienione. Pozostałe sesje zostały wylogowane.',
  resetLinkExpired: 'Ten link do ustawienia hasła wygasł. Prosimy zwrócić się do urzędu o nowy.',
  resetLinkUsed: 'Ten link do ustawienia hasła został już wykorzystany. W razie potrzeby prosimy zwrócić się do urzędu o nowy.',
  resetLinkInvalid: 'Ten link do ustawienia hasła jest nieprawidłowy. Prosimy sprawdzić, czy otwarto cały link z wiadomości e-mail.',
  resetSent: 'Link do ustawienia nowego hasła wysłano na adres {{email}}. Jest ważny przez 30 minut.',
  resetDone: 'Nowe hasło zostało ustawione. Wszystkie sesje konta zostały zakończone. Można się teraz zalogować.',
  resetNotYourself: 'Własne hasło można zmienić na stronie konta.',
  resetNoEmail: 'Nie udało się wysłać wiadomości e-mail. Prosimy spróbować później.',
  resetTooOften: 'Na to konto wysłano w ciągu godziny kilka linków. Prosimy spróbować później.',
};

export const passwordNoticeMessagesPl: PolishTexts<typeof passwordNoticeMessages> = {
  changed: 'Hasło do konta zostało zmienione. Pozostałe sesje zostały wylogowane.',
  reset: 'Hasło zostało ustawione za pomocą linku przesłanego przez urząd. Wszystkie sesje zostały zakończone.',
};

export const passwordEmailMessagesPl: PolishTexts<typeof passwordEmailMessages> = {
  changedSubject: 'Hasło do konta zostało zmienione',
  notYou: 'Jeśli zmiany nie dokonał właściciel konta, prosimy niezwłocznie skontaktować się z urzędem: ktoś może znać hasło.',
  changedAction: 'Sprawdź sesje',
  resetSubject: 'Ustawienie nowego hasła w Portalu Usług Miejskich',
  resetIntro: 'Zgodnie ze zgłoszeniem w urzędzie przesyłamy link do ustawienia nowego hasła.',
  resetExpiry: 'Link działa jednorazowo przez 30 minut. Jeśli nie prosili Państwo o zmianę hasła, prosimy zignorować tę wiadomość: hasło pozostaje bez zmian.',
  resetAction: 'Ustaw nowe hasło',
};
