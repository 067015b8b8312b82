import type { CaseStatus, CaseType, ConversationStatus, Department, ReceiptKind, VehicleRegistrationDTO } from '@portal/contract';
import type { ReceiptLayout } from './pdf.js';

export type ReceiptLanguage = 'en' | 'pl';

/** The facts of an event a receipt proves, as the module where it happened knows them. */
export type ReceiptEvent =
  | { kind: 'letter-sent'; conversationId: number; letterId: number; ownerId: number; at: string; department: Department; subject: string; content: string }
  | { kind: 'case-submitted'; caseId: number; ownerId: number; at: string; caseType: CaseType; comments: string | null; vehicle: VehicleRegistrationDTO | null }
  | { kind: 'document-added'; caseId: number; ownerId: number; at: string; caseType: CaseType; name: string; size: number; sha256: string }
  | { kind: 'conversation-resolved'; conversationId: number; letterId: number; ownerId: number; clerkId: number; at: string; subject: string; status: ConversationStatus }
  | { kind: 'case-status-changed'; caseId: number; ownerId: number; clerkId: number; at: string; caseType: CaseType; before: CaseStatus; after: CaseStatus; reason?: string | null };

/** The names a receipt shows: the person it concerns and, for a decision, the clerk. */
export interface ReceiptNames {
  owner: string;
  clerk: string | null;
}

/** What a receipt's subject is: its list in the web app, and the short reference it proves. */
export const subjectOf = (event: ReceiptEvent): { type: 'conversation' | 'case'; id: number } =>
  'conversationId' in event ? { type: 'conversation', id: event.conversationId } : { type: 'case', id: event.caseId };

export function referenceOf(event: ReceiptEvent): string {
  switch (event.kind) {
    case 'letter-sent':
    case 'conversation-resolved':
      return `L-${event.letterId}`;
    case 'document-added':
      return `C-${event.caseId} / ${event.name}`;
    default:
      return `C-${event.caseId}`;
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
    decision: 'Rozstrzygnięcie',
    previous: 'Poprzedni status',
    reason: 'Uzasadnienie',
    clerk: 'Urzędnik',
    footer: 'Sprawdź to potwierdzenie na stronie /verify portalu lub w dowolnym czytniku PDF sprawdzającym podpisy (np. pdfsig).',
    reasonSeal: 'Potwierdzenie wydane przez urząd',
    departments: { 'City Administration': 'Administracja miasta', 'Public Works Department': 'Wydział Robót Publicznych', 'Parks and Recreation Department': 'Wydział Parków i Rekreacji' },
    caseTypes: { VEHICLE_REGISTRATION: 'Rejestracja pojazdu', IDENTITY_CARD: 'Dowód osobisty', BUILDING_PERMIT: 'Pozwolenie na budowę', OTHER: 'Inna' },
    caseStatus: { PENDING: 'Oczekuje', IN_PROGRESS: 'W toku', RESOLVED: 'Załatwiona', REJECTED: 'Odrzucona' },
    conversationStatus: { OPEN: 'Oczekuje na przyjęcie', IN_PROGRESS: 'W realizacji', RESOLVED: 'Zakończona' },
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
            { label: w.registered, value: v.registrationDate },
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
  }
  return {
    language,
    officeName,
    title: w.title[event.kind as ReceiptKind],
    intro: w.intro,
    rows,
    groups,
    footer: w.footer,
    issuedAt: new Date(event.at),
    signatureReason: w.reasonSeal,
  };
}
