import { describe, expect, it } from 'vitest';
import { auditQuery } from './api/calls';
import { fieldChanges } from './audit-format';

describe('fieldChanges', () => {
  it('lists only what changed, before and after', () => {
    expect(fieldChanges({ enabled: true, role: 'EMPLOYEE' }, { enabled: false, role: 'EMPLOYEE' })).toEqual([
      { field: 'enabled', before: 'true', after: 'false' },
    ]);
  });

  it('lists every field of a creation, in name order, without a before value', () => {
    expect(fieldChanges(null, { username: 'ekowal', enabled: true })).toEqual([
      { field: 'enabled', after: 'true' },
      { field: 'username', after: 'ekowal' },
    ]);
  });

  it('words values with the given function but compares them as stored', () => {
    const words = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : String(value));
    expect(fieldChanges({ enabled: true, role: 'EMPLOYEE' }, { enabled: false, role: 'EMPLOYEE' }, words)).toEqual([
      { field: 'enabled', before: 'yes', after: 'no' },
    ]);
    // The string "true" and the flag true are different values, even if worded alike.
    expect(fieldChanges({ note: 'true' }, { note: true }, words)).toEqual([{ field: 'note', before: 'true', after: 'yes' }]);
  });

  it('shows a field that disappeared and values that are not text', () => {
    expect(fieldChanges({ employeeId: null, status: 'OPEN' }, { status: 'IN_PROGRESS' })).toEqual([
      { field: 'employeeId', before: 'null' },
      { field: 'status', before: 'OPEN', after: 'IN_PROGRESS' },
    ]);
  });
});

describe('auditQuery', () => {
  it('turns local calendar days into instants, the "to" day included', () => {
    const query = auditQuery({ actorId: 4, action: 'employee.activate', fromDay: '2025-03-01', toDay: '2025-03-01' }, { page: 2, pageSize: 20 });
    expect(query.get('actorId')).toBe('4');
    expect(query.get('action')).toBe('employee.activate');
    expect(query.get('from')).toBe(new Date(2025, 2, 1).toISOString());
    expect(query.get('to')).toBe(new Date(2025, 2, 2).toISOString());
    expect([query.get('page'), query.get('pageSize')]).toEqual(['2', '20']);
  });

  it('leaves out what was not chosen', () => {
    expect(auditQuery({}).toString()).toBe('');
  });
});
