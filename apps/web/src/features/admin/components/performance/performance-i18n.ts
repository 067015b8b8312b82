import { registerTranslations } from '../../../../lib/i18n';

// The Performance tab's texts (issue 33 point 8): a namespace of its own, loaded with the tab.

const en = {
  title: 'Performance per department',
  intro:
    'Letters per department they were written to, and case resolutions, for the last 12 weeks (Monday to Sunday, Warsaw time). Open and overdue are counted now; overdue means past the last day of the office’s legal term.',
  unit: 'Department',
  chartTitle: '{{unit}}: received and resolved per week',
  chartLabel: 'Chart of letters or cases received and resolved per week in {{unit}}; the table below gives the same figures.',
  tableCaption: '{{unit}}, per week',
  week: 'Week from',
  received: 'Received',
  resolved: 'Resolved',
  firstReply: 'Median time to first reply (hours)',
  decision: 'Median time to decision (hours)',
  openNow: 'Open now',
  overdueNow: 'Overdue now',
  ratings: 'Ratings of answers',
  noRatings: 'No ratings yet',
  ratingsCount: '{{helpful}} helpful, {{notHelpful}} not helpful',
  none: '—',
  download: 'Download CSV',
  loadFailed: 'The figures could not be loaded.',
  units: {
    'City Administration': 'City Administration',
    'Public Works Department': 'Public Works Department',
    'Parks and Recreation Department': 'Parks and Recreation Department',
    'Case Resolutions': 'Case Resolutions',
  },
};

export const PERFORMANCE_NS = registerTranslations('admin-performance', {
  en,
  pl: () => import('./performance-i18n-pl'),
});
