import { describe, expect, it } from 'vitest';
import { isEnrolmentOnlyToken } from './enrolment-gate';

const token = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('the enrolment-only token', () => {
  it('is recognised by its claim, and nothing else is', () => {
    expect(isEnrolmentOnlyToken(token({ sub: '7', enr: true }))).toBe(true);
    expect(isEnrolmentOnlyToken(token({ sub: '7' }))).toBe(false);
    expect(isEnrolmentOnlyToken(token({ sub: '7', enr: 'true' }))).toBe(false);
    expect(isEnrolmentOnlyToken('not-a-token')).toBe(false);
    expect(isEnrolmentOnlyToken('a.%%%.b')).toBe(false);
    expect(isEnrolmentOnlyToken(undefined)).toBe(false);
  });
});
