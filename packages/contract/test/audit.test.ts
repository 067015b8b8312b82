import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE_MAX, auditApiMessages, auditListQuery, firstIssuePerField } from '../src/index.js';

describe('GET /api/audit query', () => {
  it('defaults to the first page of the default size', () => {
    expect(auditListQuery.parse({})).toEqual({ page: 1, pageSize: AUDIT_PAGE_SIZE });
  });

  it('reads the query string form of every filter', () => {
    expect(
      auditListQuery.parse({
        actorId: '4',
        action: 'employee.deactivate',
        from: '2025-03-01T00:00:00.000+01:00',
        to: '2025-03-02T00:00:00.000Z',
        page: '3',
        pageSize: String(AUDIT_PAGE_SIZE_MAX),
      }),
    ).toEqual({
      actorId: 4,
      action: 'employee.deactivate',
      from: '2025-03-01T00:00:00.000+01:00',
      to: '2025-03-02T00:00:00.000Z',
      page: 3,
      pageSize: AUDIT_PAGE_SIZE_MAX,
    });
  });

  it.each([
    [{ action: 'user.delete' }, 'action'],
    [{ actorId: '0' }, 'actorId'],
    [{ from: '2025-03-01' }, 'from'],
    [{ page: '0' }, 'page'],
    [{ pageSize: String(AUDIT_PAGE_SIZE_MAX + 1) }, 'pageSize'],
  ])('refuses %j', (query, field) => {
    const result = auditListQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(Object.keys(firstIssuePerField(result.error?.issues ?? []))).toContain(field);
  });

  it('refuses a range whose start is after its end, on the `to` field', () => {
    const result = auditListQuery.safeParse({ from: '2025-03-02T00:00:00Z', to: '2025-03-01T00:00:00Z' });
    expect(firstIssuePerField(result.error?.issues ?? [])).toEqual({ to: auditApiMessages.rangeReversed });
  });
});
