import { type AuditEntryResponse, caseName, caseTypeLabels, obligationReference, referenceWithName } from '@portal/contract';
import type { TFunction } from '../../lib/i18n';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format';

// How the Audit Log words a trail entry for people: its record by name, each field by its label,
// each stored value in the reader's language. The CSV export keeps the raw ids and values.

/** "Obligation FO 19 - Property tax for Anna Nowak"; "Obligation 20" only when the record is gone. */
export function recordTitle(t: TFunction, language: string, entry: AuditEntryResponse): string {
  const { record, entityType, entityId } = entry;
  const fallback = t(`audit.entities.${entityType}`, { id: entityId });
  switch (entityType) {
    case 'obligation': {
      if (!record?.person) return fallback;
      const reference = obligationReference(Number(entityId));
      return record.name
        ? t('audit.named.obligation', { reference, name: record.name, person: record.person })
        : t('audit.named.obligationNoDescription', { reference, person: record.person });
    }
    case 'case': {
      if (!record?.caseType) return fallback;
      // Named as the case screens and emails name it (the contract's caseName).
      const name = caseName(
        { id: Number(entityId), caseType: record.caseType, vehicleNumberPlate: record.name },
        language === 'pl' ? 'pl' : 'en',
      );
      const title = record.person ? t('audit.named.case', { name, person: record.person }) : name;
      // The case's one reference (C-4), as its receipts, emails and entries show it.
      return record.reference ? referenceWithName(record.reference, title) : title;
    }
    case 'conversation': {
      if (!record?.name || !record.person) return fallback;
      const title = t('audit.named.conversation', { name: record.name, person: record.person });
      return record.reference ? referenceWithName(record.reference, title) : title;
    }
    case 'user':
      return record?.name ? t('audit.named.user', { name: record.name }) : fallback;
    case 'receipt': {
      // A receipt is named by what it proves, which its own entry records.
      const kind = entry.after?.kind;
      return typeof kind === 'string' ? t('audit.named.receipt', { kind: t(`audit.values.receipt.kind.${kind}`, { defaultValue: kind }) }) : fallback;
    }
    case 'terms':
      // entityId is the scope: 'letters' (per department) or 'cases' (per case type).
      return t(`audit.named.terms.${entityId}`, { defaultValue: fallback });
    case 'reply-template':
      // Its name is in the entry's own before/after (the template may be deleted since).
      return fallback;
  }
}

/** "paymentStatus" -> its label; a field the labels do not know yet reads as words ("Payment status"), never as code. */
export function fieldLabel(t: TFunction, field: string): string {
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return t(`audit.fields.${field}`, { defaultValue: words.charAt(0).toUpperCase() + words.slice(1) });
}

const CALENDAR_FIELDS = new Set(['dueDate', 'issueDate', 'dateOfBirth']);
const MOMENT_FIELDS = new Set(['resolvedDate']);

/**
 * One stored value in words: yes/no for a flag, "(none)" for null, a status or role in the reader's
 * language, an amount with its currency, a date as every screen shows it, the citizen of an
 * obligation by name.
 */
export function valueText(t: TFunction, language: string, entry: AuditEntryResponse, field: string, value: unknown): string {
  if (value === true) return t('audit.yes');
  if (value === false) return t('audit.no');
  if (value === null || value === undefined) return t('audit.none');
  if (field === 'interestId' && entry.entityType === 'obligation' && entry.record?.person) return entry.record.person;
  if (typeof value === 'string') {
    if (field === 'amount' && /^\d+(\.\d{1,2})?$/.test(value)) return formatAmount(value, language);
    if (CALENDAR_FIELDS.has(field)) return formatDate(value, language);
    if (MOMENT_FIELDS.has(field)) return formatDateTime(value, language);
    return t(`audit.values.${entry.entityType}.${field}.${value}`, { defaultValue: value });
  }
  if (field === 'terms' && Array.isArray(value)) return value.map((term: unknown) => termText(t, language, term)).join('; ');
  return JSON.stringify(value);
}

/** One of the admin's terms (issue 32): "Public Works Department: 2" or "Building permit: 1 / 2" (ordinary / complicated). */
function termText(t: TFunction, language: string, term: unknown): string {
  if (typeof term !== 'object' || term === null) return JSON.stringify(term);
  const { department, caseType, months, complicatedMonths } = term as Record<string, unknown>;
  if (typeof department === 'string') return `${t(`terms.departments.${department}`, { defaultValue: department })}: ${String(months)}`;
  if (typeof caseType === 'string') {
    const labels: Record<string, string> = caseTypeLabels[language === 'pl' ? 'pl' : 'en'];
    return `${labels[caseType] ?? caseType}: ${String(months)} / ${String(complicatedMonths)}`;
  }
  return JSON.stringify(term);
}
