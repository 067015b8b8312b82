import type { Language } from '@portal/contract';

/** The README at the top of the export, in the person's language. */
export function exportReadme(language: Language, at: string, username: string): string {
  if (language === 'pl') {
    return [
      'Twoje dane z Portalu Usług Miejskich',
      '',
      `Konto: ${username}. Plik przygotowano: ${at} (UTC).`,
      '',
      'Zawartość:',
      '- account.json: dane konta (hasła nie przechowujemy w postaci, którą można odczytać);',
      '- letters.json: Twoje pisma i wiadomości w każdej rozmowie;',
      '- obligations.json: zobowiązania finansowe (kwoty jako tekst dziesiętny w PLN);',
      '- cases.json: sprawy, dane pojazdów, historia statusów i lista dokumentów;',
      '- sessions.json: gdzie i kiedy jesteś zalogowany;',
      '- documents/: dokumenty PDF Twoich spraw, bajt w bajt takie, jak je przesłano (suma SHA-256 w cases.json).',
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
    '- account.json: your account (the password is never stored in a readable form);',
    '- letters.json: your letters and the messages of each conversation;',
    '- obligations.json: financial obligations (amounts as decimal text in PLN);',
    '- cases.json: cases, vehicle details, status history and the list of documents;',
    '- sessions.json: where and when you are signed in;',
    '- documents/: the PDF documents of your cases, byte for byte as uploaded (SHA-256 in cases.json).',
    '',
    'Dates and times are ISO 8601 (UTC).',
    '',
  ].join('\r\n');
}
