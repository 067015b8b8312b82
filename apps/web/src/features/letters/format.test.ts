import { SUBJECT_PREVIEW_LENGTH } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { previewSubject } from './format';

describe('previewSubject', () => {
  it("keeps the first 6 characters and adds '...'", () => {
    expect(SUBJECT_PREVIEW_LENGTH).toBe(6);
    expect(previewSubject('Broken streetlight')).toBe('Broken...');
    expect(previewSubject('Abcdef')).toBe('Abcdef...');
    expect(previewSubject('Tax')).toBe('Tax...');
  });

  it('never splits a character made of two UTF-16 units', () => {
    expect(previewSubject('😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀...');
    expect(previewSubject('Żółćęąś')).toBe('Żółćęą...');
  });
});
