import type { FastifyRequest } from 'fastify';
import type { ReceiptLanguage } from './wording.js';

/**
 * The language a receipt is written in: the one the request was made in (Accept-Language, which
 * the web client sets to the language its reader chose), Polish or English, English otherwise.
 * Nothing stores a preferred language per person yet; when something does, it comes first.
 */
export function receiptLanguageOf(request: FastifyRequest): ReceiptLanguage {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { primary: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => (entry.primary === 'pl' || entry.primary === 'en') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.primary === 'pl' ? 'pl' : 'en';
}
