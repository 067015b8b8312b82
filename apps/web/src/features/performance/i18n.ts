import { PUBLIC_MINIMUM_MATTERS } from '@portal/contract';
import { registerTranslations } from '../../lib/i18n';

// The public performance page's texts (issue 33 point 9).

const en = {
  title: 'How the office answers',
  intro: 'Letters to each department and case resolutions from {{from}} to {{to}}: how many arrived, how many were answered, and the median time to an answer.',
  threshold: `A figure is shown only when at least ${PUBLIC_MINIMUM_MATTERS} matters stand behind it; otherwise it reads “not enough data”. No person can be identified from these figures.`,
  caption: 'Received and resolved in the last 12 months, per department',
  unit: 'Department',
  received: 'Received',
  resolved: 'Resolved',
  median: 'Median time to an answer (days)',
  notEnough: 'Not enough data',
  openData: 'Open data',
  json: 'Download as JSON',
  csv: 'Download as CSV',
  loadFailed: 'The figures could not be loaded. Please try again later.',
  units: {
    'City Administration': 'City Administration',
    'Public Works Department': 'Public Works Department',
    'Parks and Recreation Department': 'Parks and Recreation Department',
    'Case Resolutions': 'Case Resolutions',
  },
};

export const PUBLIC_PERFORMANCE_NS = registerTranslations('public-performance', {
  en,
  pl: () => import('./i18n-pl'),
});
