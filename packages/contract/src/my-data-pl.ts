import type { PolishTexts } from './polish.js';
import { CLOSURE_REFUSAL_REASON_MAX, type myDataApiMessages, type myDataTexts } from './my-data.js';

// my-data.ts's texts in Polish, in a file of their own: the web loads them only for a reader of Polish.

export const myDataTextsPl: PolishTexts<typeof myDataTexts> = {
  title: 'Twoje konto',
  intro: 'Twoje sesje i dane w jednym miejscu.',
  myData: 'Twoje dane',
  downloadIntro: 'Jeden plik ZIP z kontem, pismami i wiadomościami, zobowiązaniami oraz sprawami z ich dokumentami PDF.',
  download: 'Pobierz moje dane',
  downloading: 'Przygotowywanie pliku…',
  downloaded: 'Twoje dane zostały pobrane.',
  closeTitle: 'Zamknij moje konto',
  closeIntro:
    'Administrator sprawdza wniosek. Następnie usuwane są Twoje imię, nazwisko, dane kontaktowe i logowanie; dokumenty, które urząd musi przechowywać (zobowiązania, decyzje, dziennik audytu), pozostają pod pseudonimem.',
  closeButton: 'Złóż wniosek o zamknięcie konta',
  closeConfirmTitle: 'Zamknąć konto?',
  closeConfirmBody: 'Po akceptacji administratora nie zalogujesz się ponownie. Jeśli chcesz mieć kopię, najpierw pobierz swoje dane.',
  closeConfirm: 'Złóż wniosek',
  cancel: 'Anuluj',
  closeRequested: 'Wniosek o zamknięcie konta wysłano {{date}}. Zajmie się nim administrator.',
  withdraw: 'Wycofaj wniosek',
  withdrawn: 'Wniosek o zamknięcie konta został wycofany.',
  closeRefused: 'Administrator odmówił zamknięcia konta w dniu {{date}}.',
  refusalReason: 'Uzasadnienie',
  askAgain: 'Złóż wniosek ponownie',
  closureTab: 'Zamknięcia kont',
  refuse: 'Odmów',
  refused: 'Odmówiono zamknięcia konta: {{name}}.',
  approveTitle: 'Zamknąć konto: {{name}}?',
  approveRemoved:
    'Zostaną usunięte: imię i nazwisko, nazwa użytkownika, adres e-mail, numer telefonu, data urodzenia, hasło, sesje i powiadomienia w portalu.',
  approveKept:
    'Pozostaną pod pseudonimem {{pseudonym}}, zgodnie z przepisami: zobowiązania finansowe, sprawy i decyzje, pisma, dokumenty, potwierdzenia i dziennik audytu.',
  approveEmail: 'Osoba otrzyma wiadomość e-mail o zamknięciu konta. Tej operacji nie można cofnąć.',
  approveConfirm: 'Zamknij konto',
  refuseTitle: 'Odmówić zamknięcia konta: {{name}}?',
  refuseIntro: 'Uzasadnienie zostanie przekazane wiadomością e-mail i w portalu; można złożyć wniosek ponownie.',
  refuseConfirm: 'Odmów zamknięcia',
  decisionFailed: 'Nie udało się obsłużyć wniosku. Prosimy spróbować ponownie.',
  closureRequestsTitle: 'Wnioski o zamknięcie konta',
  closureRequestsEmpty: 'Żadne konto nie czeka na zamknięcie.',
  approve: 'Zatwierdź i zamknij',
  approved: 'Konto zostało zamknięte; teraz to {{pseudonym}}.',
  requestedOn: 'Data wniosku',
  person: 'Osoba',
  loading: 'Wczytywanie…',
  accountLink: 'Twoje konto',
  exportLimit: 'Twoje dane pobrano już kilka razy w ciągu godziny. Spróbuj ponownie później.',
};

export const myDataApiMessagesPl: PolishTexts<typeof myDataApiMessages> = {
  onlyCitizens: 'W ten sposób można zamknąć tylko konto mieszkańca.',
  alreadyRequested: 'Wniosek o zamknięcie tego konta został już złożony.',
  noRequest: 'To konto nie ma oczekującego wniosku o zamknięcie.',
  reasonRequired: 'Prosimy podać uzasadnienie odmowy.',
  reasonTooLong: `Uzasadnienie może mieć najwyżej ${CLOSURE_REFUSAL_REASON_MAX} znaków.`,
  exportLimit: 'Dane pobrano już kilka razy w ciągu godziny. Prosimy spróbować ponownie później.',
};
