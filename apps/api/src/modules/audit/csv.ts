import type { AuditEntryResponse } from '@portal/contract';

/** Columns of the Audit Log export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurredAt',
  'actorId',
  'actorName',
  'action',
  'entityType',
  'entityId',
  'before',
  'after',
  'prevHash',
  'hash',
] as const;

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab / carriage return) as a formula;
 * names and snapshots are typed by people, so such a cell gets a leading apostrophe (OWASP).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field: quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** The header line, preceded by a UTF-8 byte order mark so spreadsheets read Polish letters right. */
export const auditCsvHeader = (): string => `\uFEFF${line(AUDIT_CSV_COLUMNS)}`;

export function auditCsvLine(entry: AuditEntryResponse): string {
  return line([
    entry.id,
    entry.occurredAt,
    entry.actorId,
    entry.actorName,
    entry.action,
    entry.entityType,
    entry.entityId,
    // A malformed row's stored text goes out as it is: the export hides nothing and stops at nothing.
    entry.malformed?.before ?? (entry.before === null ? null : JSON.stringify(entry.before)),
    entry.malformed?.after ?? (entry.after === null ? null : JSON.stringify(entry.after)),
    entry.prevHash,
    entry.hash,
  ]);
}
