// bench:load's check afterwards: every write the API acknowledged is stored exactly once. Kept apart
// from the load (no database, no network) so that tooling/test/load-row-check.test.ts can show it
// fails on a missing and on a duplicated row.

/** One kind of row: how many writes were acknowledged, which have no row, which have several. */
export interface OnceCheck {
  kind: string;
  acknowledged: number;
  missing: string[];
  duplicated: string[];
}

/**
 * `stored` holds one key per row (a key twice: two rows); `acknowledged` one per acknowledged write.
 * Rows nobody acknowledged (a write whose answer was lost, the demo data) are not counted against it.
 */
export function exactlyOnce(kind: string, acknowledged: Iterable<string>, stored: Iterable<string>): OnceCheck {
  const copies = new Map<string, number>();
  for (const key of stored) copies.set(key, (copies.get(key) ?? 0) + 1);
  const expected = new Set(acknowledged);
  const missing: string[] = [];
  const duplicated: string[] = [];
  for (const key of expected) {
    const count = copies.get(key) ?? 0;
    if (count === 0) missing.push(key);
    else if (count > 1) duplicated.push(key);
  }
  return { kind, acknowledged: expected.size, missing, duplicated };
}

export const passed = (check: OnceCheck): boolean => check.missing.length === 0 && check.duplicated.length === 0;

/** A table cell: "✓ 412" or "✗ 2 missing (e.g. …), 1 stored twice (e.g. …) of 412". */
export function describeCheck(check: OnceCheck): string {
  if (passed(check)) return `✓ ${check.acknowledged}`;
  const problems = [
    check.missing.length > 0 ? `${check.missing.length} missing (e.g. ${check.missing[0]})` : '',
    check.duplicated.length > 0 ? `${check.duplicated.length} stored twice or more (e.g. ${check.duplicated[0]})` : '',
  ].filter(Boolean);
  return `✗ ${problems.join(', ')} of ${check.acknowledged}`;
}

/** An audit_log row as the check reads it, with the receipt it names (receipt.issue rows) joined in. */
export interface AuditRow {
  action: string;
  entity_type: string;
  entity_id: string;
  /** The row's canonical JSON; receipt.issue rows say the receipt's kind in it. */
  after_json: string | null;
  /** receipts.reference of the receipt the row names (null when there is no such receipt). */
  receipt_reference: string | null;
}

/**
 * The audit rows an acknowledged write must leave, each named by what the API's answer told us
 * (ids, the document's name). Chat messages leave none: the audit trail records staff actions and
 * the receipts, not conversation text.
 */
export const expectedAudit = {
  /** POST /api/letters: the letter's receipt (reference L-<letterId>). */
  letterSent: (letterId: number) => `receipt.issue letter-sent L-${letterId}`,
  /** POST /api/case-resolution/create/…: the case's receipt. */
  caseSubmitted: (caseId: number) => `receipt.issue case-submitted C-${caseId}`,
  /** POST …/add-document: the document's receipt (reference names the case and the stored name). */
  documentAdded: (caseId: number, documentName: string) => `receipt.issue document-added C-${caseId} / ${documentName}`,
  /** PUT /api/conversations/<id>/take */
  take: (conversationId: number) => `conversation.take conversation:${conversationId}`,
  /** PUT /api/conversations/<id>/status RESOLVED: the action itself and the resolution's receipt. */
  resolve: (conversationId: number) => `conversation.resolve conversation:${conversationId}`,
  resolvedReceipt: (letterId: number) => `receipt.issue conversation-resolved L-${letterId}`,
};

/** The key of a stored audit row, in the form of `expectedAudit`. */
export function auditKey(row: AuditRow): string {
  if (row.action !== 'receipt.issue') return `${row.action} ${row.entity_type}:${row.entity_id}`;
  let kind = '?';
  try {
    const after = JSON.parse(row.after_json ?? 'null') as { kind?: unknown } | null;
    if (typeof after?.kind === 'string') kind = after.kind;
  } catch {
    // an unreadable row matches nothing, so its write shows as missing
  }
  return `receipt.issue ${kind} ${row.receipt_reference ?? `receipt:${row.entity_id} (no such receipt)`}`;
}
