import { describe, expect, it } from 'vitest';
import { idParams, jsonId, userIdParams } from '../src/index.js';

describe('path parameters', () => {
  it('turn the text of a path segment into a positive id', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
    expect(userIdParams.parse({ userId: '7' })).toEqual({ userId: 7 });
  });

  it.each(['0', '-1', '1.5', 'abc', '', '2147483648'])('refuse id %j', (id) => {
    expect(idParams.safeParse({ id }).success).toBe(false);
    expect(userIdParams.safeParse({ userId: id }).success).toBe(false);
  });
});

it('takes an id in a JSON body only as a number', () => {
  expect(jsonId.safeParse(7).success).toBe(true);
  for (const value of ['7', true, [7], null]) expect(jsonId.safeParse(value).success, String(value)).toBe(false);
});
