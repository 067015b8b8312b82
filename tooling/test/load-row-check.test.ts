import { describe, expect, it } from 'vitest';
import { type AuditRow, auditKey, describeCheck, exactlyOnce, expectedAudit, passed } from '../../bench/load/row-check.js';

// bench:load's verdict "every acknowledged row present exactly once" must be able to say no.

describe('bench:load row check', () => {
  it('passes when every acknowledged write has one row, whatever else is stored', () => {
    const check = exactlyOnce('letters', ['a', 'b'], ['b', 'a', 'demo letter']);
    expect(passed(check)).toBe(true);
    expect(describeCheck(check)).toBe('✓ 2');
  });

  it('fails on a missing row and on a row stored twice, naming them', () => {
    const check = exactlyOnce('messages', ['m1', 'm2', 'm3'], ['m1', 'm3', 'm3']);
    expect(passed(check)).toBe(false);
    expect(check).toMatchObject({ acknowledged: 3, missing: ['m2'], duplicated: ['m3'] });
    expect(describeCheck(check)).toBe('✗ 1 missing (e.g. m2), 1 stored twice or more (e.g. m3) of 3');
  });

  /** The audit rows of one letter taken and resolved, and one document added, as the database holds them. */
  const receiptRow = (id: number, kind: string, reference: string): AuditRow => ({
    action: 'receipt.issue',
    entity_type: 'receipt',
    entity_id: String(id),
    after_json: JSON.stringify({ kind, sha256: 'ab', subjectId: 1, subjectType: 'conversation' }),
    receipt_reference: reference,
  });
  const rows: AuditRow[] = [
    receiptRow(1, 'letter-sent', 'L-7'),
    { action: 'conversation.take', entity_type: 'conversation', entity_id: '5', after_json: '{}', receipt_reference: null },
    { action: 'conversation.resolve', entity_type: 'conversation', entity_id: '5', after_json: '{}', receipt_reference: null },
    receiptRow(2, 'conversation-resolved', 'L-7'),
    receiptRow(3, 'document-added', 'C-9 / scan.pdf'),
  ];
  const acknowledged = [
    expectedAudit.letterSent(7),
    expectedAudit.take(5),
    expectedAudit.resolve(5),
    expectedAudit.resolvedReceipt(7),
    expectedAudit.documentAdded(9, 'scan.pdf'),
  ];

  it('matches each acknowledged write to its own audit row by the ids the answers gave', () => {
    expect(passed(exactlyOnce('audit', acknowledged, rows.map(auditKey)))).toBe(true);
  });

  it('fails when one write\u2019s audit row is missing though the count of rows is right, and when one is there twice', () => {
    // As many rows as writes, but the resolution's receipt row is gone and the take is there twice.
    const stored = [...rows.filter((row) => row.entity_id !== '2' || row.action !== 'receipt.issue'), rows[1] as AuditRow];
    expect(stored).toHaveLength(acknowledged.length);
    const check = exactlyOnce('audit', acknowledged, stored.map(auditKey));
    expect(check.missing).toEqual([expectedAudit.resolvedReceipt(7)]);
    expect(check.duplicated).toEqual([expectedAudit.take(5)]);
  });

  it('does not count a receipt row whose receipt is not stored, nor a document receipt of another file', () => {
    const orphan = { ...receiptRow(3, 'document-added', 'C-9 / scan.pdf'), receipt_reference: null };
    const other = receiptRow(4, 'document-added', 'C-9 / other.pdf');
    const check = exactlyOnce('audit', [expectedAudit.documentAdded(9, 'scan.pdf')], [orphan, other].map(auditKey));
    expect(check.missing).toEqual([expectedAudit.documentAdded(9, 'scan.pdf')]);
  });
});
