import type { Language, NotificationCategory } from '@portal/contract';

// The page a browser gets at an email's List-Unsubscribe address (issue 34 point 11): plain
// server-rendered HTML that needs no script, in both languages, since the address carries no
// language. Opening it changes nothing (mail scanners open links); only its button's POST does.

interface PageWords {
  title: string;
  category: Record<NotificationCategory, string>;
  explain: (category: string) => string;
  keep: string;
  done: (category: string) => string;
  invalid: string;
}

const words: Record<Language, PageWords> = {
  en: {
    title: 'Stop these emails',
    category: {
      replies: 'new replies in your conversations',
      status: 'status changes of your letters and cases',
      obligations: 'new obligations and payment reminders',
    },
    explain: (category) => `The button below stops the emails the portal sends about ${category}. Nothing changes until you press it. You can switch them on again in your notification settings.`,
    keep: 'To keep receiving them, just close this page.',
    done: (category) => `Done: the portal no longer emails you about ${category}. You can switch these emails on again in your notification settings.`,
    invalid: 'This unsubscribe link is not valid. You can choose your emails in your notification settings after signing in.',
  },
  pl: {
    title: 'Wyłącz te e-maile',
    category: {
      replies: 'nowych odpowiedziach w Twoich rozmowach',
      status: 'zmianach statusu Twoich pism i spraw',
      obligations: 'nowych należnościach i przypomnieniach o płatności',
    },
    explain: (category) => `Przycisk poniżej wyłącza e-maile portalu o ${category}. Nic się nie zmieni, dopóki go nie naciśniesz. Możesz je ponownie włączyć w ustawieniach powiadomień.`,
    keep: 'Aby nadal je otrzymywać, po prostu zamknij tę stronę.',
    done: (category) => `Gotowe: portal nie będzie już wysyłać Ci e-maili o ${category}. Możesz je ponownie włączyć w ustawieniach powiadomień.`,
    invalid: 'Ten link do wypisania się jest nieprawidłowy. Po zalogowaniu możesz wybrać e-maile w ustawieniach powiadomień.',
  },
};

const ORDER: readonly Language[] = ['en', 'pl'];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

function page(sections: (language: Language) => string, extra = ''): string {
  const title = ORDER.map((language) => words[language].title).join(' / ');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body><main>',
    ...ORDER.map((language) => `<section lang="${language}">${sections(language)}</section>`),
    extra,
    '</main></body></html>',
  ].join('\n');
}

/** What the button will do, and the button: a form that POSTs to the same address. */
export function unsubscribeConfirmPage(category: NotificationCategory, action: string): string {
  const button = ORDER.map((language) => words[language].title).join(' / ');
  return page(
    (language) => {
      const w = words[language];
      return `<h1>${escapeHtml(w.title)}</h1><p>${escapeHtml(w.explain(w.category[category]))}</p><p>${escapeHtml(w.keep)}</p>`;
    },
    `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(button)}</button></form>`,
  );
}

/** After the button's POST: what changed. */
export function unsubscribeDonePage(category: NotificationCategory): string {
  return page((language) => `<h1>${escapeHtml(words[language].title)}</h1><p>${escapeHtml(words[language].done(words[language].category[category]))}</p>`);
}

/** A link that was not signed by the server (or was cut short). */
export function unsubscribeInvalidPage(): string {
  return page((language) => `<h1>${escapeHtml(words[language].title)}</h1><p>${escapeHtml(words[language].invalid)}</p>`);
}
