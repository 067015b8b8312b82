import type { Language } from '@portal/contract';

/** The README at the top of the export, in the person's language; `contents` lists its parts (each module's line). */
export function exportReadme(language: Language, at: string, username: string, contents: readonly string[]): string {
  if (language === 'pl') {
    return [
      'Twoje dane z Portalu Usług Miejskich',
      '',
      `Konto: ${username}. Plik przygotowano: ${at} (UTC).`,
      '',
      'Zawartość:',
      ...contents,
      '',
      'Daty i godziny są w formacie ISO 8601 (UTC).',
      '',
    ].join('\r\n');
  }
  return [
    'Your data from the City Service Portal',
    '',
    `Account: ${username}. File prepared: ${at} (UTC).`,
    '',
    'Contents:',
    ...contents,
    '',
    'Dates and times are ISO 8601 (UTC).',
    '',
  ].join('\r\n');
}
