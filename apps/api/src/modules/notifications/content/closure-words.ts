import type { Language } from '@portal/contract';
import type { EventOf } from '../events.js';

type ClosureEvent = EventOf<'account-closure-requested' | 'account-closure-withdrawn' | 'account-closure-refused' | 'account-closed'>;

/** An email's words, as messages.ts's EmailWords (declared again: messages.ts imports this file). */
interface EmailWords {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: string;
}

/** The emails of a request to close an account (issue 35): asked, withdrawn, refused, and the account closed. */
export function closureWords(event: ClosureEvent, language: Language): EmailWords {
  const pl = language === 'pl';
  switch (event.kind) {
    case 'account-closure-requested':
      return pl
        ? {
            subject: 'Otrzymaliśmy wniosek o zamknięcie konta',
            heading: 'Wniosek o zamknięcie konta',
            paragraphs: [
              'Otrzymaliśmy wniosek o zamknięcie konta w portalu. Administrator rozpatrzy go i poinformuje o decyzji.',
              'Do tego czasu wniosek można wycofać na stronie konta. Jeśli to nie Państwa wniosek, prosimy go wycofać i zmienić hasło.',
            ],
            action: 'Przejdź do konta',
          }
        : {
            subject: 'We received your request to close your account',
            heading: 'Request to close your account',
            paragraphs: [
              'We received a request to close your portal account. An administrator will handle it and tell you the decision.',
              'Until then you can withdraw it on your account page. If you did not ask, please withdraw it and change your password.',
            ],
            action: 'Go to your account',
          };
    case 'account-closure-withdrawn':
      return pl
        ? {
            subject: 'Wniosek o zamknięcie konta został wycofany',
            heading: 'Wniosek wycofany',
            paragraphs: ['Wniosek o zamknięcie konta został wycofany. Konto pozostaje aktywne.'],
            action: 'Przejdź do konta',
          }
        : {
            subject: 'Your request to close your account was withdrawn',
            heading: 'Request withdrawn',
            paragraphs: ['The request to close your account was withdrawn. Your account stays open.'],
            action: 'Go to your account',
          };
    case 'account-closure-refused':
      return pl
        ? {
            subject: 'Odmowa zamknięcia konta',
            heading: 'Konto nie zostało zamknięte',
            paragraphs: [`Administrator odmówił zamknięcia konta. Uzasadnienie: ${event.reason}`, 'Wniosek można złożyć ponownie na stronie konta.'],
            action: 'Przejdź do konta',
          }
        : {
            subject: 'Your account was not closed',
            heading: 'Request to close your account refused',
            paragraphs: [`An administrator refused to close your account. Reason: ${event.reason}`, 'You can ask again on your account page.'],
            action: 'Go to your account',
          };
    case 'account-closed':
      return pl
        ? {
            subject: 'Konto zostało zamknięte',
            heading: 'Konto zamknięte',
            paragraphs: [
              'Zgodnie z wnioskiem konto w portalu zostało zamknięte. Usunęliśmy imię i nazwisko, dane kontaktowe i dane logowania.',
              'Dokumenty, które urząd musi przechowywać (zobowiązania, sprawy i decyzje, pisma, potwierdzenia, dziennik audytu), pozostają pod pseudonimem. To ostatnia wiadomość z portalu na ten adres.',
            ],
            action: 'Strona portalu',
          }
        : {
            subject: 'Your account was closed',
            heading: 'Account closed',
            paragraphs: [
              'As you asked, your portal account was closed. Your name, contact details and sign-in were removed.',
              'Records the office must keep (obligations, cases and decisions, letters, receipts, the audit trail) stay under a pseudonym. This is the last email from the portal to this address.',
            ],
            action: 'Portal home',
          };
  }
}
