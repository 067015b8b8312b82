import { type CaseStatus, type CaseType, type ConversationStatus, type Department, type ReceiptKind, type VehicleRegistrationDTO, writeCalendarDate } from '@portal/contract';
import { type AnswerReceiptEvent, answerRows, answerTitles } from './answer-wording.js';
import type { ReceiptLayout } from './pdf.js';

export type ReceiptLanguage = 'en' | 'pl';

/** The facts of an event a receipt proves, as the module where it happened knows them. */
export type ReceiptEvent =
  | { kind: 'letter-sent'; conversationId: number; letterId: number; ownerId: number; at: string; department: Department; subject: string; content: string }
  | { kind: 'case-submitted'; caseId: number; ownerId: number; at: string; caseType: CaseType; comments: string | null; vehicle: VehicleRegistrationDTO | null }
  | { kind: 'document-added'; caseId: number; ownerId: number; at: string; caseType: CaseType; name: string; size: number; sha256: string }
  | { kind: 'conversation-resolved'; conversationId: number; letterId: number; ownerId: number; clerkId: number; at: string; subject: string; status: ConversationStatus }
  | { kind: 'case-status-changed'; caseId: number; ownerId: number; clerkId: number; at: string; caseType: CaseType; before: CaseStatus; after: CaseStatus; reason?: string | null }
  /** Issue 32: the office's delay notice (KPA art. 36), the citizen's prompt (art. 37) and its answer, about a letter or a case. */
  | ({ kind: 'delay-notice' | 'prompt-answered'; ownerId: number; clerkId: number; at: string; reason: string; newDueDate: string | null } & LateTermSubject)
  | ({ kind: 'prompt-sent'; ownerId: number; at: string; text: string } & LateTermSubject)
  | AnswerReceiptEvent;

/** A late-term receipt's matter: a letter's conversation (with its letter's number) or a case. */
export type LateTermSubject = { conversationId: number; letterId: number } | { caseId: number };

/** The names a receipt shows: the person it concerns and, for a decision, the clerk. */
export interface ReceiptNames {
  owner: string;
  clerk: string | null;
}

/** What a receipt's subject is: its list in the web app, and the short reference it proves. */
export const subjectOf = (event: ReceiptEvent): { type: 'conversation' | 'case'; id: number } =>
  'conversationId' in event ? { type: 'conversation', id: event.conversationId } : { type: 'case', id: (event as { caseId: number }).caseId };

export function referenceOf(event: ReceiptEvent): string {
  if (event.kind === 'delay-notice' || event.kind === 'prompt-sent' || event.kind === 'prompt-answered') {
    return 'letterId' in event ? `L-${event.letterId}` : `C-${event.caseId}`;
  }
  switch (event.kind) {
    case 'letter-sent':
    case 'conversation-resolved':
      return `L-${event.letterId}`;
    case 'document-added':
      return `C-${event.caseId} / ${event.name}`;
    default:
      // A case's receipts (the late-term kinds of a letter returned above).
      return `C-${(event as { caseId: number }).caseId}`;
  }
}

const words = {
  en: {
    title: {
      'letter-sent': 'Receipt: letter sent',
      'case-submitted': 'Receipt: case submitted',
      'document-added': 'Receipt: document added to a case',
      'conversation-resolved': 'Receipt: decision on a letter',
      'case-status-changed': 'Receipt: decision on a case',
      'delay-notice': 'Notice: matter not handled in its term (KPA art. 36)',
      'prompt-sent': 'Receipt: prompt sent (KPA art. 37)',
      'prompt-answered': 'Receipt: answer to a prompt (KPA art. 37)',
    },
    intro: 'The office confirms the event below. This PDF is sealed with the office’s electronic signature; any change to it breaks the signature.',
    reference: 'Reference',
    receiptNumber: 'Receipt number',
    date: 'Date and time (server)',
    sender: 'Sender',
    applicant: 'Applicant',
    department: 'Department',
    subject: 'Subject',
    letterHash: 'SHA-256 of the letter text',
    caseType: 'Case type',
    comments: 'Comments',
    vehicle: 'Vehicle',
    plate: 'Number plate',
    vin: 'VIN',
    registered: 'Registration date',
    document: 'Document',
    fileName: 'File name',
    size: 'Size',
    bytes: 'bytes',
    fileHash: 'SHA-256 of the file',
    decision: 'Decision',
    previous: 'Previous status',
    reason: 'Reason',
    clerk: 'Clerk',
    footer: 'Check this receipt at /verify on the portal, or with any PDF reader that validates signatures (e.g. pdfsig).',
    reasonSeal: 'Receipt issued by the office',
    delayReason: 'Reason for the delay',
    newDueDate: 'New date',
    promptText: 'Prompt',
    promptRight: 'You may send a prompt (ponaglenie, KPA art. 37) in the portal, on the matter\u2019s page.',
    departments: { 'City Administration': 'City Administration', 'Public Works Department': 'Public Works Department', 'Parks and Recreation Department': 'Parks and Recreation Department' },
    caseTypes: { VEHICLE_REGISTRATION: 'Vehicle registration', IDENTITY_CARD: 'Identity card', BUILDING_PERMIT: 'Building permit', OTHER: 'Other' },
    caseStatus: { PENDING: 'Pending', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved', REJECTED: 'Rejected' },
    conversationStatus: { OPEN: 'Open', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved' },
  },
  pl: {
    title: {
      'letter-sent': 'Potwierdzenie wysłania pisma',
      'case-submitted': 'Potwierdzenie złożenia sprawy',
      'document-added': 'Potwierdzenie dołączenia dokumentu do sprawy',
      'conversation-resolved': 'Potwierdzenie rozstrzygnięcia pisma',
      'case-status-changed': 'Potwierdzenie decyzji w sprawie',
      'delay-notice': 'Zawiadomienie o niezałatwieniu sprawy w terminie (art. 36 KPA)',
      'prompt-sent': 'Potwierdzenie wniesienia ponaglenia (art. 37 KPA)',
      'prompt-answered': 'Odpowiedź na ponaglenie (art. 37 KPA)',
    },
    intro: 'Urząd potwierdza poniższe zdarzenie. Ten PDF jest opatrzony podpisem elektronicznym urzędu; każda zmiana pliku unieważnia podpis.',
    reference: 'Numer',
    receiptNumber: 'Numer potwierdzenia',
    date: 'Data i godzina (serwer)',
    sender: 'Nadawca',
    applicant: 'Wnioskodawca',
    department: 'Wydział',
    subject: 'Temat',
    letterHash: 'SHA-256 treści pisma',
    caseType: 'Rodzaj sprawy',
    comments: 'Uwagi',
    vehicle: 'Pojazd',
    plate: 'Numer rejestracyjny',
    vin: 'VIN',
    registered: 'Data rejestracji',
    document: 'Dokument',
    fileName: 'Nazwa pliku',
    size: 'Rozmiar',
    bytes: 'bajtów',
    fileHash: 'SHA-256 pliku',
    // "Nowy status: odrzucony": the status agrees with its label (a bare "Rozstrzygnięcie: Odrzucona" agreed with nothing).
    decision: 'Nowy status',
    previous: 'Poprzedni status',
    reason: 'Uzasadnienie',
    clerk: 'Osoba rozpatrująca',
    footer: 'Sprawdź to potwierdzenie na stronie /verify portalu lub w dowolnym czytniku PDF sprawdzającym podpisy (np. pdfsig).',
    reasonSeal: 'Potwierdzenie wydane przez urząd',
    delayReason: 'Przyczyna zwłoki',
    newDueDate: 'Nowy termin',
    promptText: 'Treść ponaglenia',
    promptRight: 'Przysługuje Ci prawo do wniesienia ponaglenia (art. 37 KPA) w portalu, na stronie sprawy.',
    departments: { 'City Administration': 'Administracja miasta', 'Public Works Department': 'Wydział Robót Publicznych', 'Parks and Recreation Department': 'Wydział Parków i Rekreacji' },
    caseTypes: { VEHICLE_REGISTRATION: 'Rejestracja pojazdu', IDENTITY_CARD: 'Dowód osobisty', BUILDING_PERMIT: 'Pozwolenie na budowę', OTHER: 'Inna' },
    caseStatus: { PENDING: 'Oczekujący', IN_PROGRESS: 'W toku', RESOLVED: 'Załatwiony', REJECTED: 'Odrzucony' },
    conversationStatus: { OPEN: 'Oczekuje na przyjęcie', IN_PROGRESS: 'W realizacji', RESOLVED: 'Zakończony' },
  },
} as const;

/** 2026-11-23 21:46:03 UTC: one unambiguous form in both languages. */
const serverTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The receipt's text in `language`, from the event's facts and the names of the people in it. */
/**
 * `serial` tells two receipts of the same facts apart (the same PDF added twice within a second):
 * every receipt is its own document, with its own hash in the office's records.
 */
export function layoutOf(
  event: ReceiptEvent,
  names: ReceiptNames,
  language: ReceiptLanguage,
  officeName: string,
  letterHash: string | null,
  serial: string,
): ReceiptLayout {
  const w = words[language];
  const rows: { label: string; value: string }[] = [
    { label: w.reference, value: referenceOf(event) },
    { label: w.date, value: serverTime(event.at) },
    { label: w.receiptNumber, value: serial },
  ];
  const groups: ReceiptLayout['groups'][number][] = [];
  switch (event.kind) {
    case 'letter-sent':
      rows.push(
        { label: w.sender, value: names.owner },
        { label: w.department, value: w.departments[event.department] },
        { label: w.subject, value: event.subject },
        { label: w.letterHash, value: letterHash ?? '' },
      );
      break;
    case 'conversation-resolved':
      rows.push(
        { label: w.sender, value: names.owner },
        { label: w.subject, value: event.subject },
        { label: w.decision, value: w.conversationStatus[event.status] },
        { label: w.clerk, value: names.clerk ?? '' },
      );
      break;
    case 'case-submitted':
      rows.push({ label: w.applicant, value: names.owner }, { label: w.caseType, value: w.caseTypes[event.caseType] });
      if (event.comments) rows.push({ label: w.comments, value: event.comments });
      if (event.vehicle) {
        const v = event.vehicle;
        groups.push({
          heading: w.vehicle,
          rows: [
            { label: w.plate, value: v.vehicleNumberPlate },
            { label: w.vehicle, value: `${v.vehicleMake} ${v.vehicleModel} (${v.vehicleYear}), ${v.vehicleColor}` },
            { label: w.vin, value: v.vehicleVin },
            { label: w.registered, value: writeCalendarDate(v.registrationDate, language) },
          ],
        });
      }
      break;
    case 'document-added':
      rows.push({ label: w.applicant, value: names.owner }, { label: w.caseType, value: w.caseTypes[event.caseType] });
      groups.push({
        heading: w.document,
        rows: [
          { label: w.fileName, value: event.name },
          { label: w.size, value: `${event.size} ${w.bytes}` },
          { label: w.fileHash, value: event.sha256 },
        ],
      });
      break;
    case 'case-status-changed':
      rows.push(
        { label: w.applicant, value: names.owner },
        { label: w.caseType, value: w.caseTypes[event.caseType] },
        { label: w.decision, value: w.caseStatus[event.after] },
        { label: w.previous, value: w.caseStatus[event.before] },
      );
      if (event.reason) rows.push({ label: w.reason, value: event.reason });
      rows.push({ label: w.clerk, value: names.clerk ?? '' });
      break;
    case 'delay-notice':
    case 'prompt-answered':
      rows.push({ label: w.applicant, value: names.owner }, { label: event.kind === 'delay-notice' ? w.delayReason : w.reason, value: event.reason });
      if (event.newDueDate) rows.push({ label: w.newDueDate, value: writeCalendarDate(event.newDueDate, language) });
      rows.push({ label: w.clerk, value: names.clerk ?? '' });
      if (event.kind === 'delay-notice') rows.push({ label: w.promptText, value: w.promptRight });
      break;
    case 'prompt-sent':
      rows.push({ label: w.applicant, value: names.owner }, { label: w.promptText, value: event.text });
      break;
    default:
      rows.push({ label: w.applicant, value: names.owner }, { label: w.caseType, value: w.caseTypes[event.caseType] }, ...answerRows(event, language));
  }
  return {
    language,
    officeName,
    title: { ...w.title, ...answerTitles[language] }[event.kind as ReceiptKind],
    intro: w.intro,
    rows,
    groups,
    footer: w.footer,
    issuedAt: new Date(event.at),
    signatureReason: w.reasonSeal,
  };
}
