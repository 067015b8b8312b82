import type { AuditEntryResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fieldChanges } from './audit-format';
import { fieldLabel, recordTitle, valueText } from './audit-records';
import { ADMIN_NS } from './i18n';

const entry = (overrides: Partial<AuditEntryResponse>): AuditEntryResponse => ({
  id: 1,
  occurredAt: '2026-11-02T09:00:00.000Z',
  actorId: 2,
  actorName: 'Jan Kowalski',
  action: 'obligation.create',
  entityType: 'obligation',
  entityId: '19',
  before: null,
  after: { interestId: 7, amount: '245.50', dueDate: '2026-12-15', issueDate: '2026-11-02', paymentStatus: 'PENDING', description: 'Property tax' },
  hash: 'b'.repeat(64),
  prevHash: 'a'.repeat(64),
  record: { name: 'Property tax', person: 'Anna Nowak' },
  ...overrides,
});

/** What the Change column shows for an entry: "label: value" lines. */
function changeLines(language: 'en' | 'pl', item: AuditEntryResponse): string[] {
  const t = i18n.getFixedT(language, ADMIN_NS);
  return fieldChanges(item.before, item.after, (value, field) => valueText(t, language, item, field, value)).map(
    (change) => `${fieldLabel(t, change.field)}: ${change.before === undefined ? '' : `${change.before} → `}${change.after ?? ''}`,
  );
}

describe('the audit log in people\u2019s words', () => {
  it('names an obligation by reference, description and citizen, in English and Polish', () => {
    expect(recordTitle(i18n.getFixedT('en', ADMIN_NS), 'en', entry({}))).toBe('Obligation FO 19 - Property tax for Anna Nowak');
    expect(recordTitle(i18n.getFixedT('pl', ADMIN_NS), 'pl', entry({}))).toBe('Zobowiązanie FO 19 - Property tax (konto mieszkańca: Anna Nowak)');
    // Removed since: its number, as before.
    expect(recordTitle(i18n.getFixedT('en', ADMIN_NS), 'en', entry({ record: undefined }))).toBe('Obligation 19');
  });

  it('names a case by its type and plate, a letter by its subject, an account by its person', () => {
    const t = i18n.getFixedT('en', ADMIN_NS);
    const caseEntry = entry({ entityType: 'case', entityId: '4', action: 'case.status.update', before: { status: 'PENDING' }, after: { status: 'REJECTED' } });
    expect(recordTitle(t, 'en', { ...caseEntry, record: { name: 'KR 12345', person: 'Anna Nowak', caseType: 'VEHICLE_REGISTRATION' } })).toBe(
      'Vehicle registration - KR 12345 (Anna Nowak)',
    );
    expect(recordTitle(t, 'en', { ...caseEntry, record: { name: null, person: 'Anna Nowak', caseType: 'IDENTITY_CARD' } })).toBe('Identity card - case 4 (Anna Nowak)');
    expect(recordTitle(t, 'en', entry({ entityType: 'conversation', record: { name: 'Broken lamp', person: 'Anna Nowak' } }))).toBe('Letter \u201cBroken lamp\u201d from Anna Nowak');
    expect(recordTitle(t, 'en', entry({ entityType: 'user', record: { name: 'Ewa Nowicka (enowicka)', person: null } }))).toBe('Account of Ewa Nowicka (enowicka)');
    // Issue 31: led by the matter's one reference when the API names it.
    expect(recordTitle(t, 'en', { ...caseEntry, record: { name: 'KR 12345', person: 'Anna Nowak', caseType: 'VEHICLE_REGISTRATION', reference: 'C-4' } })).toBe(
      'C-4: Vehicle registration - KR 12345 (Anna Nowak)',
    );
    expect(recordTitle(t, 'en', entry({ entityType: 'conversation', record: { name: 'Broken lamp', person: 'Anna Nowak', reference: 'L-9' } }))).toBe(
      'L-9: Letter \u201cBroken lamp\u201d from Anna Nowak',
    );
    expect(changeLines('en', caseEntry)).toEqual(['Status: Pending → Rejected']);
    expect(changeLines('pl', caseEntry)).toEqual(['Status: Oczekujący → Odrzucony']);
  });

  it('words a change of the legal terms by department and case type, in English and Polish (issue 32)', () => {
    const letters = entry({
      entityType: 'terms',
      entityId: 'letters',
      action: 'terms.update',
      before: { terms: [{ department: 'Public Works Department', months: 1 }] },
      after: { terms: [{ department: 'Public Works Department', months: 2 }] },
      record: undefined,
    });
    expect(recordTitle(i18n.getFixedT('en', ADMIN_NS), 'en', letters)).toBe('Terms of letters (per department)');
    expect(changeLines('en', letters)).toEqual(['Terms: Public Works Department: 1 → Public Works Department: 2']);
    expect(changeLines('pl', letters)).toEqual(['Terminy: Wydział Robót Publicznych: 1 → Wydział Robót Publicznych: 2']);
    const cases = { ...letters, entityId: 'cases', before: null, after: { terms: [{ caseType: 'BUILDING_PERMIT', months: 1, complicatedMonths: 3 }] } };
    expect(changeLines('pl', cases)).toEqual(['Terminy: Pozwolenie na budowę: 1 / 3']);
  });

  it('shows labels, localised statuses, money, dates and the citizen by name: no raw field name or code', () => {
    expect(changeLines('en', entry({}))).toEqual([
      'Amount: 245.50\u00a0PLN',
      'Description: Property tax',
      'Due date: 15 Dec 2026',
      'Citizen: Anna Nowak',
      'Issue date: 2 Nov 2026',
      'Payment status: Pending',
    ]);
    expect(changeLines('pl', entry({}))).toEqual([
      'Kwota: 245,50\u00a0zł',
      'Opis: Property tax',
      'Termin płatności: 15 grudnia 2026',
      'Konto mieszkańca: Anna Nowak',
      'Data wystawienia: 2 listopada 2026',
      'Status płatności: Oczekuje',
    ]);
    // A field added later without a label still reads as words.
    expect(fieldLabel(i18n.getFixedT('en', ADMIN_NS), 'vehicleNumberPlate')).toBe('Vehicle number plate');
  });
});
