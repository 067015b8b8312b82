// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key. Impersonal or addressed to "you": no masculine-only forms.

export const pl = {
  badge: { 'due-soon': 'Termin się zbliża', overdue: 'Po terminie' },
  badgeDue: 'termin {{date}}',
  notice: {
    title: 'Termin minął: należy zawiadomić stronę',
    intro: 'Urząd musi zawiadomić stronę, dlaczego sprawa {{reference}} nie została załatwiona do {{date}}, i wskazać nowy termin (art. 36 KPA). Odpowiedź lub decyzja będą możliwe po wysłaniu zawiadomienia.',
    reason: 'Przyczyna zwłoki',
    reasonText: 'Nie udało się załatwić sprawy w terminie, ponieważ urząd wciąż oczekuje na informacje potrzebne do jej rozstrzygnięcia.',
    newDate: 'Nowy termin (dzień roboczy po dniu dzisiejszym)',
    send: 'Wyślij zawiadomienie',
    sending: 'Wysyłanie...',
    sent: 'Zawiadomienie o zwłoce wysłano do strony.',
    failed: 'Nie udało się wysłać zawiadomienia. Spróbuj ponownie.',
    citizenReads: 'Strona otrzyma je w portalu, e-mailem i jako podpisane potwierdzenie, wraz z informacją o prawie do wniesienia ponaglenia.',
  },
  prompt: {
    title: 'Urząd nie dotrzymał terminu',
    overdue: 'Urząd miał odpowiedzieć do {{date}}. Możesz wnieść ponaglenie (art. 37 KPA): administrator portalu odpowie na nie w ciągu 7 dni.',
    newDate: 'Urząd wyznaczył nowy termin: {{date}}.',
    from: 'Ponaglenie można wysłać od {{date}}.',
    label: 'Treść ponaglenia',
    hint: 'Najwyżej {{max}} znaków. Napisz, o co prosisz urząd.',
    send: 'Wyślij ponaglenie',
    sending: 'Wysyłanie...',
    sent: 'Ponaglenie wysłano. Potwierdzenie znajdziesz przy tej sprawie.',
    failed: 'Nie udało się wysłać ponaglenia. Spróbuj ponownie.',
    history: 'Twoje ponaglenia',
    answerBy: 'wysłane {{sent}}, odpowiedź do {{date}}',
    answer: 'Odpowiedź: {{answer}}',
    waiting: 'Oczekuje na odpowiedź.',
  },
};
