import type { PublicUnitFigures } from '@portal/contract';
import type { CSSProperties } from 'react';
import { formatDate, formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { ErrorState, LoadingState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { OPEN_DATA, usePublicPerformance } from '../api';
import { PUBLIC_PERFORMANCE_NS } from '../i18n';

// The page's few styles are inline: a stylesheet of its own would be one more file named in the
// shell's list of every screen's files, which /user's budget (scripts/bundle-budget.mjs) cannot carry.
const cell: CSSProperties = { borderBottom: '1px solid #d0d7de', padding: '0.5rem 0.3rem', textAlign: 'left' };
const styles = {
  wrap: { overflowX: 'auto', maxWidth: '100%' },
  // Fixed columns, the department's the widest, that wrap between words (inside one only when it cannot fit): the four fit a 360 px phone.
  table: { borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', overflowWrap: 'break-word', fontSize: '0.875rem' },
  caption: { textAlign: 'left', fontWeight: 600, paddingBottom: '0.5rem' },
  cell,
  number: { ...cell, fontVariantNumeric: 'tabular-nums' },
  missing: { color: '#4a4a4a', fontStyle: 'italic' },
} satisfies Record<string, CSSProperties>;

/**
 * Issue 33 point 9: anyone (no sign-in) reads how the office answered in the last 12 months, per
 * department, and takes the same figures as open data. A figure of fewer than 10 matters is not
 * shown, so no person can be singled out.
 */
export function PerformancePage() {
  const { t, i18n } = useTranslation(PUBLIC_PERFORMANCE_NS);
  const query = usePublicPerformance();
  const language = i18n.language;
  const count = (value: number | null) => (value === null ? <span style={styles.missing}>{t('notEnough')}</span> : formatNumber(value, language, 0));
  const days = (value: number | null) => (value === null ? <span style={styles.missing}>{t('notEnough')}</span> : formatNumber(value, language, 1));
  return (
    <PageShell title={t('title')}>
      {query.isPending && <LoadingState />}
      {query.isError && <ErrorState>{t('loadFailed')}</ErrorState>}
      {query.data && (
        <div className="public-performance">
          <p>{t('intro', { from: formatDate(query.data.from, language, { long: true }), to: formatDate(query.data.to, language, { long: true }) })}</p>
          <p className="note">{t('threshold')}</p>
          <div style={styles.wrap} tabIndex={0} role="region" aria-label={t('caption')}>
            <table style={styles.table}>
              <caption style={styles.caption}>{t('caption')}</caption>
              <colgroup>
                <col style={{ width: '34%' }} />
                <col />
                <col />
                <col />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col" style={styles.cell}>
                    {t('unit')}
                  </th>
                  <th scope="col" style={styles.cell}>
                    {t('received')}
                  </th>
                  <th scope="col" style={styles.cell}>
                    {t('resolved')}
                  </th>
                  <th scope="col" style={styles.cell}>
                    {t('median')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.units.map((unit: PublicUnitFigures) => (
                  <tr key={unit.unit}>
                    <th scope="row" style={styles.cell}>
                      {t(`units.${unit.unit}`)}
                    </th>
                    <td style={styles.number}>{count(unit.received)}</td>
                    <td style={styles.number}>{count(unit.resolved)}</td>
                    <td style={styles.number}>{days(unit.medianDaysToAnswer)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>{t('openData')}</h2>
          <ul>
            <li>
              <a href={OPEN_DATA.json}>{t('json')}</a>
            </li>
            <li>
              <a href={OPEN_DATA.csv} download>
                {t('csv')}
              </a>
            </li>
          </ul>
        </div>
      )}
    </PageShell>
  );
}
