import { RECEIPT_KINDS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { RECEIPT_DOWNLOADS_NS } from './i18n';

describe('the receipt buttons\u2019 names (issue 20, issue 32)', () => {
  it('name every kind of receipt the server issues, in English and in Polish', () => {
    for (const language of ['en', 'pl'] as const) {
      const t = i18n.getFixedT(language, RECEIPT_DOWNLOADS_NS);
      // A kind without words showed its key: "Download receipt (PDF): kinds.delay-notice".
      const named = RECEIPT_KINDS.map((kind) => t(`kinds.${kind}`, { reference: 'L-4', date: '7 Dec 2026, 20:57' }));
      expect(named.filter((name) => name.startsWith('kinds.')), language).toEqual([]);
    }
    expect(i18n.getFixedT('en', RECEIPT_DOWNLOADS_NS)('kinds.delay-notice', { date: '7 Dec 2026, 20:57' })).toBe('delay notice, 7 Dec 2026, 20:57');
    expect(i18n.getFixedT('pl', RECEIPT_DOWNLOADS_NS)('kinds.prompt-sent', { date: '7 grudnia 2026 20:57' })).toBe('wniesienie ponaglenia, 7 grudnia 2026 20:57');
  });
});
