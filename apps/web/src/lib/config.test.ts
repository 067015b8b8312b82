import { describe, expect, it } from 'vitest';
import { parseWebConfig } from './config';

describe('web config', () => {
  it('defaults to the same origin and neutral credits for the year 2025', () => {
    expect(parseWebConfig({})).toEqual({
      apiUrl: '',
      credits: { author: 'City Service Portal team', university: 'University name not configured', year: '2025' },
    });
  });

  it('treats empty credit variables as unset', () => {
    expect(parseWebConfig({ VITE_CREDITS_AUTHOR: '', VITE_CREDITS_YEAR: '' }).credits).toMatchObject({ author: 'City Service Portal team', year: '2025' });
  });

  it('takes an absolute API URL without its trailing slash', () => {
    expect(parseWebConfig({ VITE_API_URL: 'https://api.example.org/' }).apiUrl).toBe('https://api.example.org');
  });

  it('refuses an API URL that is not absolute and a year that is not a year', () => {
    expect(() => parseWebConfig({ VITE_API_URL: 'api.example.org' })).toThrow(/VITE_API_URL/);
    expect(() => parseWebConfig({ VITE_CREDITS_YEAR: 'twenty' })).toThrow(/VITE_CREDITS_YEAR/);
  });
});
