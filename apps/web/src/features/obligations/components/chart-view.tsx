import { obligationMessages, groszeToDecimal, type ObligationResponse } from '@portal/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { LoadingState } from '../../../lib/ui/list-states';
import { SelectField } from '../../../lib/ui/select-field';
import { formatAmount, formatNumber, localeOf, monthName } from '../../../lib/format';
import { OBLIGATIONS_NS } from '../i18n';
import { groszeToChartValue, monthlyTotals, yearlyTotals } from '../totals';

const ObligationsBarChart = lazy(() => import('./obligations-bar-chart'));

const m = obligationMessages;

/**
 * Spec section 2 chart view: a year selector ('All Years' and each year in the data), yearly totals
 * under 'Yearly Financial Obligations' or one year's twelve months under 'Monthly Financial
 * Obligations'. The table under the chart is its text alternative, with the same exact totals.
 */
export function ChartView({ obligations }: { obligations: readonly ObligationResponse[] }) {
  const { t, i18n } = useTranslation(OBLIGATIONS_NS);
  const message = useMessageText();
  const headingId = useId();
  const [year, setYear] = useState('');
  const yearly = yearlyTotals(obligations);
  const locale = localeOf(i18n.language);

  const rows = year
    ? monthlyTotals(obligations, Number(year)).map((grosze, index) => ({
        label: monthName(index + 1, i18n.language),
        short: monthName(index + 1, i18n.language, 'short'),
        grosze,
      }))
    : yearly.map((total) => ({ label: String(total.year), short: String(total.year), grosze: total.grosze }));
  const title = message(year ? m.monthlyTitle : m.yearlyTitle) ?? '';
  const datasetLabel = message(m.datasetLabel) ?? m.datasetLabel;
  const formatted = rows.map((row) => formatAmount(groszeToDecimal(row.grosze), i18n.language));

  return (
    <section className="chart-view" aria-labelledby={headingId}>
      <SelectField
        label={t('chart.year')}
        className="chart-view__year"
        value={year}
        onChange={(event) => setYear(event.target.value)}
        options={[{ value: '', label: message(m.allYears) ?? m.allYears }, ...yearly.map((total) => ({ value: String(total.year), label: String(total.year) }))]}
      />
      <h2 id={headingId} className="chart-view__title">
        {title}
      </h2>
      <p className="note chart-view__hint">{message(m.flipPhone)}</p>
      <Suspense fallback={<LoadingState />}>
        <ObligationsBarChart
          labels={rows.map((row) => row.short)}
          values={rows.map((row) => groszeToChartValue(row.grosze))}
          formatted={formatted}
          datasetLabel={datasetLabel}
          description={t('chart.canvasLabel', { title })}
          locale={locale}
          formatTick={(value) => formatNumber(value, i18n.language)}
        />
      </Suspense>
      <table className="totals-table">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{year ? t('chart.month') : t('chart.year')}</th>
            <th scope="col">{datasetLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{formatted[index]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
