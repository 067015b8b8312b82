import { registerTranslations } from '../../lib/i18n';

const en = {
  bannerLead: 'Send letters to city departments, check what you owe and submit your cases online.',
  servicesTitle: 'Available Services',
  services: {
    letters: { title: 'Letters', description: 'Write to a city department and talk with the employee who handles your letter.' },
    financialObligations: { title: 'Financial Obligations', description: 'See your payments due in PLN, as a list or a chart.' },
    caseHandling: { title: 'Case Handling', description: 'Submit cases such as vehicle registration with PDF documents and follow their status.' },
    open: 'Open {{screen}}',
    logInFor: 'Log in to use {{service}}',
  },
  // Issue 33: beside the spec's texts, a link to the public performance page.
  performance: { text: 'How quickly does the office answer?', link: 'See the figures per department' },
  credits: { title: 'Credits', author: 'Author', university: 'University', year: 'Year' },
} as const;

export const HOME_NS = registerTranslations('home', {
  en,
  pl: () => import('./i18n-pl'),
});
