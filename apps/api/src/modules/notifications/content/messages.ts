import {
  caseName,
  formatNrb,
  isValidNrb,
  caseReference,
  type CaseStatus,
  type Language,
  letterReference,
  obligationReference,
  referenceWithName,
  secondFactorEmailMessages,
  secondFactorEmailMessagesPl,
  secondFactorNoticeMessages,
  secondFactorNoticeMessagesPl,
  writeCalendarDate,
  passwordEmailMessages,
  passwordEmailMessagesPl,
  passwordNoticeMessages,
  passwordNoticeMessagesPl,
} from '@portal/contract';
import type { NotificationEvent } from '../events.js';
import { caseStepWords } from './case-step-words.js';
import { closureWords } from './closure-words.js';
import { lateTermWords, matterReferenceOf } from './late-term-words.js';
import { handoffWords } from './handoff-words.js';

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
  /** A resolved letter's rating link: the sentence and the link's words. */
  rateNote: string;
  rate: string;
}

/**
 * The new status as a sentence: Polish says what happened to the application ("Wniosek odrzucono"),
 * where a bare adjective would have to agree with a noun the email does not name.
 */
const caseStatusSentence: Record<Language, Record<CaseStatus, string>> = {
  en: { PENDING: 'New status: pending.', IN_PROGRESS: 'New status: in progress.', RESOLVED: 'New status: resolved.', REJECTED: 'New status: rejected.' },
  pl: {
    PENDING: 'Wniosek oczekuje na rozpatrzenie.',
    IN_PROGRESS: 'Wniosek jest rozpatrywany.',
    RESOLVED: 'Wniosek załatwiono.',
    REJECTED: 'Wniosek odrzucono.',
  },
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

/** An account number grouped in fours as the portal and banks print it ("61 1090 1014 ..."). */
const accountNumberOf = (text: string) => (isValidNrb(text) ? formatNrb(text) : text);

export const commonWords: Record<Language, CommonWords> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    reference: 'Reference',
    footer: 'City Service Portal. This message was sent automatically; please do not reply to it.',
    unsubscribe: 'You receive these emails because they are switched on in your notification settings.',
    settings: 'Notification settings',
    rateNote: 'Did the answer help you? You can tell us without signing in, for 30 days:',
    rate: 'Rate the answer',
  },
  pl: {
    // An office does not greet by a bare first name (Polish would need its vocative and the
    // person's gender, which the portal does not know).
    greeting: () => 'Dzień dobry,',
    reference: 'Numer',
    footer: 'Portal Usług Miejskich. Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.',
    unsubscribe: 'Te wiadomości są wysyłane, ponieważ włączono je w ustawieniach powiadomień konta.',
    settings: 'Ustawienia powiadomień',
    rateNote: 'Czy odpowiedź była pomocna? Można to ocenić bez logowania, przez 30 dni:',
    rate: 'Oceń odpowiedź',
  },
};

/**
 * The matter's one reference (the contract's, as every channel shows it) with the letter's subject
 * or the case's name beside it: never a chat message's text.
 */
export function referenceOf(event: NotificationEvent, language: Language): string | null {
  const pl = language === 'pl';
  switch (event.kind) {
    case 'letter-taken':
    case 'reply':
    case 'conversation-resolved':
    case 'conversation-transferred':
    case 'conversation-released':
    case 'conversation-reopened':
      if (event.letterId !== undefined) return referenceWithName(letterReference(event.letterId), event.subject ?? '');
      // Queued before entries carried the letter's number and subject.
      return pl ? `Sprawa korespondencyjna nr ${event.conversationId}` : `Conversation no. ${event.conversationId}`;
    case 'case-status':
    case 'case-step':
    case 'case-reassigned':
    case 'case-released':
      if (event.caseType) {
        const name = caseName({ id: event.caseId, caseType: event.caseType, vehicleNumberPlate: event.vehicleNumberPlate ?? null }, language);
        return referenceWithName(caseReference(event.caseId), name);
      }
      return caseReference(event.caseId);
    case 'obligation-created':
    case 'obligation-due-soon':
    case 'obligation-overdue':
      return obligationReference(event.obligationId);
    case 'delay-notice':
    case 'prompt-received':
    case 'prompt-answered':
    case 'deadline-warning':
      return matterReferenceOf(event, language);
    default:
      return null;
  }
}

function howToPay(event: Extract<NotificationEvent, { obligationId: number }>, language: Language): string {
  const t = event.transfer;
  if (language === 'pl') {
    return t
      ? `Sposób zapłaty: przelew na rachunek ${accountNumberOf(t.accountNumber)} (${t.recipientName}), tytuł przelewu „${t.title}”, albo kod do płatności z portalu.`
      : 'Sposób zapłaty: szczegóły płatności są w portalu, na stronie zobowiązań.';
  }
  return t
    ? `How to pay: by transfer to account ${accountNumberOf(t.accountNumber)} (${t.recipientName}) with the title "${t.title}", or with the payment code shown in the portal.`
    : 'How to pay: the payment details are on the obligations page of the portal.';
}

/** The words of each email in each language. */
export function wordsFor(event: NotificationEvent, language: Language): EmailWords {
  const pl = language === 'pl';
  const ref = referenceOf(event, language);
  switch (event.kind) {
    case 'letter-taken':
      // Impersonal in Polish: the clerk's gender is not the citizen's business ("Urzędnik przyjął").
      return pl
        ? { subject: `Pismo przyjęte do rozpatrzenia (${ref})`, heading: 'Twoje pismo jest rozpatrywane', paragraphs: [`Pismo ${ref} przyjęto do rozpatrzenia. Odpowiedź pojawi się w portalu.`], action: 'Otwórz pismo' }
        : { subject: `A clerk is handling your letter (${ref})`, heading: 'Your letter is being handled', paragraphs: [`A clerk has taken your letter ${ref} and is working on it.`], action: 'Open the letter' };
    case 'reply':
      return pl
        ? { subject: `Nowa odpowiedź (${ref})`, heading: 'Nowa odpowiedź na pismo', paragraphs: [`W sprawie pisma ${ref} jest nowa odpowiedź. Można ją przeczytać w portalu.`], action: 'Przeczytaj w portalu' }
        : { subject: `New reply (${ref})`, heading: 'New reply to your letter', paragraphs: [`There is a new reply about your letter ${ref}. Read it in the portal.`], action: 'Read it in the portal' };
    case 'conversation-resolved':
      return pl
        ? { subject: `Pismo rozpatrzone (${ref})`, heading: 'Twoje pismo zostało rozpatrzone', paragraphs: [`Rozmowę w sprawie pisma ${ref} zakończono. Jej przebieg jest dostępny w portalu.`], action: 'Otwórz pismo' }
        : { subject: `Resolved (${ref})`, heading: 'Your letter was resolved', paragraphs: [`The clerk marked the conversation about your letter ${ref} as resolved.`], action: 'Open the letter' };
    case 'case-status': {
      const reason = event.reason ? [pl ? `Uzasadnienie: ${event.reason}` : `Reason: ${event.reason}`] : [];
      return pl
        ? { subject: `Zmiana statusu wniosku (${ref})`, heading: 'Status wniosku się zmienił', paragraphs: [caseStatusSentence.pl[event.status], ...reason], action: 'Otwórz wniosek' }
        : { subject: `Case status changed (${ref})`, heading: 'Your case has a new status', paragraphs: [caseStatusSentence.en[event.status], ...reason], action: 'Open the case' };
    }
    case 'case-step':
      return caseStepWords(event, ref ?? caseReference(event.caseId), language);
    case 'obligation-created':
    case 'obligation-due-soon':
    case 'obligation-overdue': {
      const amount = formatAmount(event.amount, language);
      const due = writeCalendarDate(event.dueDate, language);
      const forWhat = event.description ? (pl ? `Tytuł należności: ${event.description}. ` : `For: ${event.description}. `) : '';
      const facts = pl ? `${forWhat}Kwota: ${amount}. Termin płatności: ${due}.` : `${forWhat}Amount: ${amount}. Due date: ${due}.`;
      const pay = howToPay(event, language);
      if (event.kind === 'obligation-created') {
        return pl
          ? { subject: `Nowa należność do zapłaty (${ref})`, heading: 'Nowa należność do zapłaty', paragraphs: [facts, pay], action: 'Zobacz należność' }
          : { subject: `New payment due (${ref})`, heading: 'You have a new obligation', paragraphs: [facts, pay], action: 'View the obligation' };
      }
      if (event.kind === 'obligation-due-soon') {
        return pl
          ? { subject: `Przypomnienie: termin płatności ${due} (${ref})`, heading: 'Zbliża się termin płatności', paragraphs: [facts, pay], action: 'Zobacz należność' }
          : { subject: `Reminder: payment due on ${due} (${ref})`, heading: 'Your payment is due soon', paragraphs: [facts, pay], action: 'View the obligation' };
      }
      return pl
        ? { subject: `Termin płatności minął (${ref})`, heading: 'Należność jest po terminie', paragraphs: [facts, pay], action: 'Zobacz należność' }
        : { subject: `Payment overdue (${ref})`, heading: 'Your payment is overdue', paragraphs: [facts, pay], action: 'View the obligation' };
    }
    case 'account-registered':
      return pl
        ? { subject: 'Utworzono konto pracownika w portalu', heading: 'Konto w portalu jest gotowe', paragraphs: ['W portalu utworzono dla Ciebie konto pracownika. Nazwę użytkownika i hasło do pierwszego logowania przekaże administrator portalu.'], action: 'Zaloguj się' }
        : { subject: 'Your employee account was created', heading: 'You have a portal account', paragraphs: ['An administrator created an employee account for you. Sign in with the username and password they give you.'], action: 'Sign in' };
    case 'account-activated':
      return pl
        ? { subject: 'Konto pracownika jest znowu aktywne', heading: 'Konto aktywne', paragraphs: ['Twoje konto pracownika w portalu ponownie aktywowano. Logowanie jest już możliwe.'], action: 'Zaloguj się' }
        : { subject: 'Your account was activated', heading: 'Account activated', paragraphs: ['An administrator activated your employee account. You can sign in.'], action: 'Sign in' };
    case 'account-deactivated':
      // Worded so that SpamAssassin's phishing phrases ("account deactivated") do not fire: the
      // notice must reach the person (test/notification-spam-score.test.ts).
      return pl
        ? { subject: 'Konto pracownika nie jest już aktywne', heading: 'Konto nieaktywne', paragraphs: ['Twoje konto pracownika w portalu dezaktywowano. Logowanie będzie możliwe po ponownej aktywacji przez administratora portalu.'], action: 'Strona portalu' }
        : { subject: 'Your employee account is no longer active', heading: 'Employee account no longer active', paragraphs: ['An administrator of the portal has switched off your employee account. Signing in will be possible again once it is switched back on.'], action: 'Portal home' };
    case 'account-closure-requested':
    case 'account-closure-withdrawn':
    case 'account-closure-refused':
    case 'account-closed':
      return closureWords(event, language);
    case 'delay-notice':
    case 'prompt-received':
    case 'prompt-answered':
    case 'deadline-warning':
      return lateTermWords(event, language);
    case 'conversation-transferred':
    case 'conversation-released':
    case 'conversation-reopened':
    case 'case-reassigned':
    case 'case-released':
      return handoffWords(event, ref, language);
    case 'second-factor': {
      const notices = pl ? secondFactorNoticeMessagesPl : secondFactorNoticeMessages;
      const words = pl ? secondFactorEmailMessagesPl : secondFactorEmailMessages;
      const paused = event.change === 'codes-paused';
      const subject = paused ? words.pausedSubject : words.changedSubject;
      return { subject, heading: subject, paragraphs: [notices[event.change], paused ? words.pausedNotYou : words.notYou], action: words.action };
    }
    case 'password-changed': {
      const words = pl ? passwordEmailMessagesPl : passwordEmailMessages;
      const notices = pl ? passwordNoticeMessagesPl : passwordNoticeMessages;
      return { subject: words.changedSubject, heading: words.changedSubject, paragraphs: [notices[event.how], words.notYou], action: words.changedAction };
    }
    case 'password-reset-link': {
      const words = pl ? passwordEmailMessagesPl : passwordEmailMessages;
      return { subject: words.resetSubject, heading: words.resetSubject, paragraphs: [words.resetIntro, words.resetExpiry], action: words.resetAction };
    }
  }
}
