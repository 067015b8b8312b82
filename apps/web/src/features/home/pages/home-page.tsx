import { useTranslation } from 'react-i18next';
import { config } from '../../../lib/config';
import bannerImage from '../assets/city-banner.svg';
import caseHandlingImage from '../assets/case-handling.svg';
import financialObligationsImage from '../assets/financial-obligations.svg';
import lettersImage from '../assets/letters.svg';
import { HOME_NS } from '../i18n';
import '../home.css';

const services = [
  { key: 'letters', image: lettersImage },
  { key: 'financialObligations', image: financialObligationsImage },
  { key: 'caseHandling', image: caseHandlingImage },
] as const;

/** Spec section 2: banner, 'Available Services' with three images, credits (author, university, year). */
export function HomePage() {
  const { t } = useTranslation(HOME_NS);
  const { credits } = config;
  return (
    <div className="home-page">
      <section className="banner" aria-labelledby="banner-title">
        <div className="banner__text">
          <p className="banner__kicker">{t('common:appName')}</p>
          <h1 id="banner-title" className="banner__title">
            {t('common:welcomeText')}
          </h1>
          <p className="banner__lead">{t('bannerLead')}</p>
        </div>
        <img className="banner__image" src={bannerImage} alt="" />
      </section>

      <section className="services" aria-labelledby="services-title">
        <h2 id="services-title">{t('servicesTitle')}</h2>
        <ul className="services__list">
          {services.map(({ key, image }) => (
            <li key={key} className="services__item">
              <figure className="service card">
                <img className="service__image" src={image} alt={t(`services.${key}.title`)} width={240} height={160} />
                <figcaption className="service__caption">
                  <strong className="service__title">{t(`services.${key}.title`)}</strong>
                  <span className="service__description">{t(`services.${key}.description`)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="credits" aria-labelledby="credits-title">
        <h2 id="credits-title">{t('credits.title')}</h2>
        <dl className="credits__list">
          <div>
            <dt>{t('credits.author')}</dt>
            <dd>{credits.author}</dd>
          </div>
          <div>
            <dt>{t('credits.university')}</dt>
            <dd>{credits.university}</dd>
          </div>
          <div>
            <dt>{t('credits.year')}</dt>
            <dd>{credits.year}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
