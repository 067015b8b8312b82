import { describe, expect, it } from 'vitest';
import { parseWebConfig } from './config';

describe('web config', () => {
  it('defaults to the same origin, the team as author, no university and the year 2025', () => {
    expect(parseWebConfig({})).toEqual({
      apiUrl: '',
      credits: { author: 'City Service Portal team', university: undefined, year: '2025' },
    });
  });

  it('takes the configured credits', () => {
    expect(parseWebConfig({ VITE_CREDITS_AUTHOR: 'Anna Kowalska', VITE_CREDITS_UNIVERSITY: 'Cracow University of Technology', VITE_CREDITS_YEAR: '2025' }).credits).toEqual({
      author: 'Anna Kowalska',
      university: 'Cracow University of Technology',
      year: '2025',
    });
  });

  it('treats empty credit variables as unset', () => {
    expect(parseWebConfig({ VITE_CREDITS_AUTHOR: '', VITE_CREDITS_UNIVERSITY: '', VITE_CREDITS_YEAR: '' }).credits).toEqual({
      author: 'City Service Portal team',
      university: undefined,
      year: '2025',
    });
  });

  it('takes an absolute API URL without its trailing slash', () => {
    expect(parseWebConfig({ VITE_API_URL: 'https://api.example.org/' }).apiUrl).toBe('https://api.example.org');
  });

  it('refuses an API URL that is not absolute and a year that is not a year', () => {
    expect(() => parseWebConfig({ VITE_API_URL: 'api.example.org' })).toThrow(/VITE_API_URL/);
    expect(() => parseWebConfig({ VITE_CREDITS_YEAR: 'twenty' })).toThrow(/VITE_CREDITS_YEAR/);
  });
});
