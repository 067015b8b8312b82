import type { AuditSnapshot } from '@portal/contract';

/** One changed field of an audit entry: its value before (absent for a creation) and after. */
export type FieldChange = { field: string; before?: string; after?: string };

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The fields an entry changed, in name order: every field of `after` whose value differs from
 * `before` (all of them for a creation), and any field `after` no longer has. `show` words a field's
 * value for the reader (yes/no for a flag, a status in words); values are compared as they were stored.
 */
export function fieldChanges(before: AuditSnapshot, after: AuditSnapshot, show: (value: unknown, field: string) => string = asText): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const had = before !== null && field in before;
    const has = after !== null && field in after;
    if (had && has && JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    const was = had ? show(before[field], field) : undefined;
    const is = has ? show(after[field], field) : undefined;
    changes.push({ field, ...(was !== undefined ? { before: was } : {}), ...(is !== undefined ? { after: is } : {}) });
  }
  return changes;
}

/** Saves `text` as a file through a temporary link (the CSV export). */
export function saveTextFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
