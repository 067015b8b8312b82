import type { FastifyRequest } from 'fastify';

/**
 * The language a request was made in (Accept-Language, which the web client sets to the language
 * its reader chose), Polish or English, English otherwise. It is not the language of a receipt: an
 * event carries it as its actor's language, and what a person receives follows the contract's
 * recipientLanguage rule (the language they chose; if they never chose, this one, and only when the
 * request was their own; else English).
 */
export function requestLanguageOf(request: FastifyRequest): 'en' | 'pl' {
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
