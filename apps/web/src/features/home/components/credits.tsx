import { useTranslation } from '../../../lib/i18n';
import type { WebConfig } from '../../../lib/config';
import { HOME_NS } from '../i18n';

/** Spec section 2: the author, the university and the year; a line whose value is not configured is left out. */
export function Credits({ credits }: { credits: WebConfig['credits'] }) {
  const { t } = useTranslation(HOME_NS);
  const lines = [
    { key: 'author', value: credits.author },
    { key: 'university', value: credits.university },
    { key: 'year', value: credits.year },
  ].filter((line): line is { key: string; value: string } => line.value !== undefined);
  return (
    <section className="credits" aria-labelledby="credits-title">
      <h2 id="credits-title">{t('credits.title')}</h2>
      <dl className="credits__list">
        {lines.map(({ key, value }) => (
          <div key={key}>
            <dt>{t(`credits.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
