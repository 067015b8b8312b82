import { describe, expect, it } from 'vitest';
import { auditCsvHeader, auditCsvLine, csvField } from '../src/modules/audit/csv.js';

describe('audit CSV export format', () => {
  it('quotes fields holding commas, quotes or line breaks, and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-5)).toBe('-5');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+48 600')).toBe("'+48 600");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-1+1')).toBe("'-1+1");
  });

  it('writes a header with a byte order mark, then one CRLF line per entry', () => {
    expect(auditCsvHeader()).toBe('\uFEFFid,occurredAt,actorId,actorName,action,entityType,entityId,before,after,prevHash,hash\r\n');
    const text = auditCsvLine({
      id: 7,
      occurredAt: '2025-03-01T09:15:00.000Z',
      actorId: 1,
      actorName: 'Katarzyna Wójcik',
      action: 'employee.deactivate',
      entityType: 'user',
      entityId: '12',
      before: { enabled: true },
      after: { enabled: false },
      prevHash: 'a'.repeat(64),
      hash: 'b'.repeat(64),
    });
    expect(text).toBe(
      `7,2025-03-01T09:15:00.000Z,1,Katarzyna Wójcik,employee.deactivate,user,12,"{""enabled"":true}","{""enabled"":false}",${'a'.repeat(64)},${'b'.repeat(64)}\r\n`,
    );
  });
});
