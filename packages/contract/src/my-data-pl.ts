import type { PolishTexts } from './polish.js';
import type { myDataTexts } from './my-data.js';

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
