import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http';
import { placeServerFieldErrors } from './form-errors';

describe("the API's field messages under the form's fields", () => {
  it('places each named field the answer has a message for, and says so', () => {
    const setError = vi.fn();
    const error = new HttpError(409, { message: 'Conflict', fields: { username: 'Username is already taken', role: 'not a field of this form' } });
    expect(placeServerFieldErrors(error, ['username', 'email'], setError)).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('username', { message: 'Username is already taken' }, undefined);
  });

  it('passes the focus wish on', () => {
    const setError = vi.fn();
    placeServerFieldErrors(new HttpError(401, { fields: { code: 'Wrong code' } }), ['code'], setError, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith('code', { message: 'Wrong code' }, { shouldFocus: true });
  });

  it('places nothing for an answer without such fields or for an error that is no answer', () => {
    const setError = vi.fn();
    expect(placeServerFieldErrors(new HttpError(500, { message: 'Boom' }), ['code'], setError)).toBe(false);
    expect(placeServerFieldErrors(new TypeError('Failed to fetch'), ['code'], setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
