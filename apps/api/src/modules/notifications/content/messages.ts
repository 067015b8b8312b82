import { type CaseStatus, caseName, type Language } from '@portal/contract';
import type { NotificationEvent } from '../events.js';

/** One email's words: the subject, a heading, paragraphs and the button's label. */
export interface EmailWords {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: string;
}

export interface CommonWords {
  greeting: (firstName: string) => string;
  reference: string;
  footer: string;
  /** Shown under optional emails only. */
  unsubscribe: string;
  settings: string;
}

const caseStatus: Record<Language, Record<CaseStatus, string>> = {
  en: { PENDING: 'pending', IN_PROGRESS: 'in progress', RESOLVED: 'resolved', REJECTED: 'rejected' },
  pl: { PENDING: 'oczekująca', IN_PROGRESS: 'w toku', RESOLVED: 'załatwiona', REJECTED: 'odrzucona' },
};

/**
 * "1234.50" -> "1,234.50 PLN" / "1 234,50 zł". Intl formats the decimal text itself, so no float
 * rounds it (and no look-ahead grouping pattern, which backtracks quadratically, is needed).
 */
export function formatAmount(amount: string, language: Language): string {
  const number = new Intl.NumberFormat(language === 'pl' ? 'pl-PL' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(amount as `${number}`);
  return language === 'pl' ? `${number}\u00a0zł` : `${number} PLN`;
}

/** "2026-03-05" -> "5 March 2026" / "5.03.2026" (a calendar date: no time zone involved). */
export function formatDate(date: string, language: Language): string {
  const [year, month, day] = date.split('-');
  if (language === 'pl') return `${Number(day)}.${month}.${year}`;
  const name = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][
    Number(month) - 1
  ];
  return `${Number(day)} ${name} ${year}`;
}

export const commonWords: Record<Language, CommonWords> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    reference: 'Reference',
    footer: 'City Service Portal. This message was sent automatically; please do not reply to it.',
    unsubscribe: 'You receive these emails because they are switched on in your notification settings.',
    settings: 'Notification settings',
  },
  pl: {
    greeting: (name) => `Dzień dobry ${name},`,
    reference: 'Numer',
    footer: 'Portal Usług Miejskich. Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.',
    unsubscribe: 'Otrzymujesz te wiadomości, ponieważ są włączone w Twoich ustawieniach powiadomień.',
    settings: 'Ustawienia powiadomień',
  },
};

/** The reference shown in the subject and body: never the letter's or the chat's own text. */
export function referenceOf(event: NotificationEvent, language: Language): string | null {
  const pl = language === 'pl';
  switch (event.kind) {
    case 'letter-taken':
    case 'reply':
    case 'conversation-resolved':
      return pl ? `Sprawa korespondencyjna nr ${event.conversationId}` : `Conversation no. ${event.conversationId}`;
    case 'case-status':
      if (event.caseType) return caseName({ id: event.caseId, caseType: event.caseType, vehicleNumberPlate: event.vehicleNumberPlate ?? null }, language);
      return pl ? `Wniosek nr ${event.caseId}` : `Case no. ${event.caseId}`;
    case 'obligation-created':
    case 'obligation-due-soon':
    case 'obligation-overdue':
      return `FO ${event.obligationId}`;
    default:
      return null;
  }
}

function howToPay(event: Extract<NotificationEvent, { obligationId: number }>, language: Language): string {
  const t = event.transfer;
  if (language === 'pl') {
    return t
      ? `Jak zapłacić: przelewem na rachunek ${t.accountNumber} (${t.recipientName}), tytuł „${t.title}”, albo kodem do płatności z portalu.`
      : 'Jak zapłacić: szczegóły płatności znajdziesz w portalu, na stronie zobowiązań.';
  }
  return t
    ? `How to pay: by transfer to account ${t.accountNumber} (${t.recipientName}) with the title "${t.title}", or with the payment code shown in the portal.`
    : 'How to pay: the payment details are on the obligations page of the portal.';
}

/** The words of each email in each language. */
export function wordsFor(event: NotificationEvent, language: Language): EmailWords {
  const pl = language === 'pl';
  const ref = referenceOf(event, language);
  switch (event.kind) {
    case 'letter-taken':
      return pl
        ? { subject: `Urzędnik zajął się Twoim pismem (${ref})`, heading: 'Twoje pismo jest w toku', paragraphs: ['Urzędnik przyjął Twoje pismo i zajmuje się nim.'], action: 'Otwórz rozmowę' }
        : { subject: `A clerk is handling your letter (${ref})`, heading: 'Your letter is being handled', paragraphs: ['A clerk has taken your letter and is working on it.'], action: 'Open the conversation' };
    case 'reply':
      return pl
        ? { subject: `Nowa odpowiedź (${ref})`, heading: 'Nowa odpowiedź w rozmowie', paragraphs: ['W rozmowie jest nowa wiadomość. Przeczytasz ją w portalu.'], action: 'Przeczytaj w portalu' }
        : { subject: `New reply (${ref})`, heading: 'New reply in your conversation', paragraphs: ['There is a new message in the conversation. Read it in the portal.'], action: 'Read it in the portal' };
    case 'conversation-resolved':
      return pl
        ? { subject: `Sprawa zakończona (${ref})`, heading: 'Twoja sprawa została zakończona', paragraphs: ['Urzędnik oznaczył rozmowę jako zakończoną.'], action: 'Otwórz rozmowę' }
        : { subject: `Resolved (${ref})`, heading: 'Your conversation was resolved', paragraphs: ['The clerk marked the conversation as resolved.'], action: 'Open the conversation' };
    case 'case-status': {
      const status = caseStatus[language][event.status];
      const reason = event.reason ? [pl ? `Uzasadnienie: ${event.reason}` : `Reason: ${event.reason}`] : [];
      return pl
        ? { subject: `Zmiana statusu wniosku (${ref})`, heading: 'Status wniosku się zmienił', paragraphs: [`Nowy status: ${status}.`, ...reason], action: 'Otwórz wniosek' }
        : { subject: `Case status changed (${ref})`, heading: 'Your case has a new status', paragraphs: [`New status: ${status}.`, ...reason], action: 'Open the case' };
    }
    case 'obligation-created':
    case 'obligation-due-soon':
    case 'obligation-overdue': {
      const amount = formatAmount(event.amount, language);
      const due = formatDate(event.dueDate, language);
      const facts = pl ? `Kwota: ${amount}. Termin płatności: ${due}.` : `Amount: ${amount}. Due date: ${due}.`;
      const pay = howToPay(event, language);
      if (event.kind === 'obligation-created') {
        return pl
          ? { subject: `Nowa należność do zapłaty (${ref})`, heading: 'Masz nową należność', paragraphs: [facts, pay], action: 'Zobacz należność' }
          : { subject: `New payment due (${ref})`, heading: 'You have a new obligation', paragraphs: [facts, pay], action: 'View the obligation' };
      }
      if (event.kind === 'obligation-due-soon') {
        return pl
          ? { subject: `Przypomnienie: termin płatności ${due} (${ref})`, heading: 'Termin płatności się zbliża', paragraphs: [facts, pay], action: 'Zobacz należność' }
          : { subject: `Reminder: payment due on ${due} (${ref})`, heading: 'Your payment is due soon', paragraphs: [facts, pay], action: 'View the obligation' };
      }
      return pl
        ? { subject: `Termin płatności minął (${ref})`, heading: 'Należność jest po terminie', paragraphs: [facts, pay], action: 'Zobacz należność' }
        : { subject: `Payment overdue (${ref})`, heading: 'Your payment is overdue', paragraphs: [facts, pay], action: 'View the obligation' };
    }
    case 'account-registered':
      return pl
        ? { subject: 'Utworzono Twoje konto pracownika', heading: 'Masz konto w portalu', paragraphs: ['Administrator utworzył dla Ciebie konto pracownika. Zaloguj się nazwą użytkownika i hasłem, które od niego otrzymasz.'], action: 'Zaloguj się' }
        : { subject: 'Your employee account was created', heading: 'You have a portal account', paragraphs: ['An administrator created an employee account for you. Sign in with the username and password they give you.'], action: 'Sign in' };
    case 'account-activated':
      return pl
        ? { subject: 'Twoje konto zostało aktywowane', heading: 'Konto aktywne', paragraphs: ['Administrator aktywował Twoje konto pracownika. Możesz się zalogować.'], action: 'Zaloguj się' }
        : { subject: 'Your account was activated', heading: 'Account activated', paragraphs: ['An administrator activated your employee account. You can sign in.'], action: 'Sign in' };
    case 'account-deactivated':
      return pl
        ? { subject: 'Twoje konto zostało dezaktywowane', heading: 'Konto nieaktywne', paragraphs: ['Administrator dezaktywował Twoje konto pracownika. Do ponownej aktywacji nie możesz się zalogować.'], action: 'Strona portalu' }
        : { subject: 'Your account was deactivated', heading: 'Account deactivated', paragraphs: ['An administrator deactivated your employee account. You cannot sign in until it is activated again.'], action: 'Portal home' };
  }
}
