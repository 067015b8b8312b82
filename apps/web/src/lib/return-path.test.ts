import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path';

const origin = 'https://portal.example.gov.pl';

describe('the path a person returns to after signing in', () => {
  it.each([
    ['/createCase?case=4', '/createCase?case=4'],
    ['/user', '/user'],
    ['/financial-obligations#due', '/financial-obligations#due'],
    ['/createCase?case=4&tab=history', '/createCase?case=4&tab=history'],
    // Encoded slashes stay inside the path of this portal (a page that does not exist, not another host).
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('follows %s', (raw, expected) => {
    expect(safeReturnPath(raw, origin)).toBe(expected);
  });

  it.each([
    ['another host, protocol-relative', '//evil.example/user'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a backslash later in the path', '/user\\..\\..\\evil'],
    ['a scheme', 'https://evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['a relative path', 'user'],
    ['encoded once more (what the query decodes to)', '%2F%2Fevil.example'],
    ['a tab before the slashes', '/\t/evil.example'],
    ['a newline inside', '/user\n//evil.example'],
    ['the login page itself', '/login'],
    ['the login page with a query', '/login?next=/user'],
    ['nothing', ''],
    ['an address longer than any of ours', `/${'a'.repeat(2048)}`],
  ])('refuses %s', (_name, raw) => {
    expect(safeReturnPath(raw, origin)).toBeUndefined();
  });

  it('refuses a missing value', () => {
    expect(safeReturnPath(null, origin)).toBeUndefined();
    expect(safeReturnPath(undefined, origin)).toBeUndefined();
  });

  it('builds the login address that returns to the page, encoded as one query value the login page then checks', () => {
    expect(loginPathReturningTo('/createCase?case=4&x=1')).toBe('/login?next=%2FcreateCase%3Fcase%3D4%26x%3D1');
    expect(safeReturnPath(new URLSearchParams(loginPathReturningTo('/createCase?case=4&x=1').split('?')[1]).get('next'), origin)).toBe('/createCase?case=4&x=1');
    // An address of this portal that reads as another host is carried, and refused on arrival.
    expect(safeReturnPath(new URLSearchParams(loginPathReturningTo('//evil.example').split('?')[1]).get('next'), origin)).toBeUndefined();
  });
});
