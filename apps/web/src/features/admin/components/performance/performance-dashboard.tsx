import { PERFORMANCE_UNITS, performanceDashboardResponse, type PerformanceUnit, type PerformanceUnitFigures } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { formatDate, formatNumber, localeOf } from '../../../../lib/format';
import { http, request } from '../../../../lib/http';
import { useTranslation } from '../../../../lib/i18n';
import { ErrorState, LoadingState } from '../../../../lib/ui/list-states';
import { SelectField } from '../../../../lib/ui/select-field';
import { saveTextFile } from '../../audit-format';
import { PERFORMANCE_NS } from './performance-i18n';
import './performance.css';

const PerformanceChart = lazy(() => import('./performance-chart'));

export const performanceQueryKey = ['performance', 'dashboard'] as const;
const fetchDashboard = () => http.get('/api/admin/performance', performanceDashboardResponse);

/**
 * Issue 33 point 8: the Admin Dashboard's Performance tab. One unit at a time (a department, or
 * case resolutions): its open and overdue counts now, a chart of the 12 weeks and, beside it for
 * screen readers and exact figures, the same weeks as a table; all of it as CSV.
 */
export function PerformanceDashboard() {
  const { t, i18n } = useTranslation(PERFORMANCE_NS);
  const headingId = useId();
  const [unit, setUnit] = useState<PerformanceUnit>(PERFORMANCE_UNITS[0]);
  const [exportFailed, setExportFailed] = useState(false);
  const query = useQuery({ queryKey: performanceQueryKey, queryFn: fetchDashboard });
  const figures = query.data?.units.find((entry) => entry.unit === unit);

  async function onDownload() {
    setExportFailed(false);
    try {
      const csv = await request('/api/admin/performance.csv');
      saveTextFile(typeof csv === 'string' ? csv : '', `performance-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8');
    } catch (error) {
      console.error('performance export failed', error);
      setExportFailed(true);
    }
  }

  return (
    <section className="performance" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('title')}</h2>
      <p className="note">{t('intro')}</p>
      <div className="performance__controls">
        <SelectField
          label={t('unit')}
          value={unit}
          onChange={(event) => setUnit(event.target.value as PerformanceUnit)}
          options={PERFORMANCE_UNITS.map((value) => ({ value, label: t(`units.${value}`) }))}
        />
        <button type="button" className="button button--secondary" onClick={() => void onDownload()}>
          {t('download')}
        </button>
      </div>
      {exportFailed && <ErrorState>{t('loadFailed')}</ErrorState>}
      {query.isPending && <LoadingState />}
      {query.isError && <ErrorState>{t('loadFailed')}</ErrorState>}
      {figures && <UnitFigures figures={figures} language={i18n.language} />}
    </section>
  );
}

function UnitFigures({ figures, language }: { figures: PerformanceUnitFigures; language: string }) {
  const { t } = useTranslation(PERFORMANCE_NS);
  const name = t(`units.${figures.unit}`);
  const hours = (value: number | null) => (value === null ? t('none') : formatNumber(value, language, 1));
  const ratings = figures.ratings ? t('ratingsCount', figures.ratings) : t('noRatings');
  return (
    <>
      <dl className="performance__now">
        <div>
          <dt>{t('openNow')}</dt>
          <dd>{formatNumber(figures.openNow, language, 0)}</dd>
        </div>
        <div>
          <dt>{t('overdueNow')}</dt>
          <dd className={figures.overdueNow > 0 ? 'performance__overdue' : undefined}>{formatNumber(figures.overdueNow, language, 0)}</dd>
        </div>
        <div>
          <dt>{t('ratings')}</dt>
          <dd>{ratings}</dd>
        </div>
      </dl>
      <h3>{t('chartTitle', { unit: name })}</h3>
      <Suspense fallback={<LoadingState />}>
        <PerformanceChart
          labels={figures.weeks.map((week) => formatDate(week.weekStart, language))}
          series={[
            { label: t('received'), values: figures.weeks.map((week) => week.received), color: '#1565c0' },
            { label: t('resolved'), values: figures.weeks.map((week) => week.resolved), color: '#2e7d32' },
          ]}
          description={t('chartLabel', { unit: name })}
          locale={localeOf(language)}
        />
      </Suspense>
      <div className="performance__table-wrap" tabIndex={0} role="region" aria-label={t('tableCaption', { unit: name })}>
        <table className="admin-table performance__table">
          <caption>{t('tableCaption', { unit: name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('week')}</th>
              <th scope="col">{t('received')}</th>
              <th scope="col">{t('resolved')}</th>
              <th scope="col">{t('firstReply')}</th>
              <th scope="col">{t('decision')}</th>
            </tr>
          </thead>
          <tbody>
            {figures.weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{formatDate(week.weekStart, language)}</th>
                {/* data-label: the column's name in front of each value on a phone (admin.css). */}
                <td data-label={t('received')}>{formatNumber(week.received, language, 0)}</td>
                <td data-label={t('resolved')}>{formatNumber(week.resolved, language, 0)}</td>
                <td data-label={t('firstReply')}>{hours(week.medianHoursToFirstReply)}</td>
                <td data-label={t('decision')}>{hours(week.medianHoursToDecision)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
