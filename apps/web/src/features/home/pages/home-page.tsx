import type { Role } from '@portal/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { config } from '../../../lib/config';
import { useSession } from '../../../lib/current-user';
import { serviceLinks, type ServiceLink } from '../../../lib/service-links';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import bannerImage from '../assets/city-banner.svg';
import caseHandlingImage from '../assets/case-handling.svg';
import financialObligationsImage from '../assets/financial-obligations.svg';
import lettersImage from '../assets/letters.svg';
import { Credits } from '../components/credits';
import { HOME_NS } from '../i18n';
import '../home.css';

/** Where each service card leads, per role: the screen of that service in the role's navigation. */
const services = [
  {
    key: 'letters',
    image: lettersImage,
    targets: { USER: serviceLinks.letterServiceUser, EMPLOYEE: serviceLinks.letterServiceEmployee, ADMIN: serviceLinks.employeeDashboard },
  },
  {
    key: 'financialObligations',
    image: financialObligationsImage,
    targets: { USER: serviceLinks.financialObligations, EMPLOYEE: serviceLinks.createObligations, ADMIN: serviceLinks.createObligations },
  },
  {
    key: 'caseHandling',
    image: caseHandlingImage,
    targets: { USER: serviceLinks.caseService, EMPLOYEE: serviceLinks.createCase, ADMIN: serviceLinks.caseResolutions },
  },
] as const satisfies readonly { key: string; image: string; targets: Record<Role, ServiceLink> }[];

/**
 * Spec section 2: banner, 'Available Services' with three images, credits (author, university,
 * year). Each service card leads to its screen, or to the login page for a visitor not logged in.
 */
export function HomePage() {
  const { t } = useTranslation(HOME_NS);
  const session = useSession();
  useDocumentTitle(t('common:page.home'));
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
          {services.map(({ key, image, targets }) => {
            const title = t(`services.${key}.title`);
            const target = session.status === 'user' ? targets[session.user.role] : undefined;
            return (
              <li key={key} className="service card">
                <img className="service__image" src={image} alt={title} width={240} height={160} />
                <h3 className="service__title">{title}</h3>
                <p className="service__description">{t(`services.${key}.description`)}</p>
                {/* The link covers the whole card (see home.css); its text says where it leads. */}
                <Link className="service__link" to={target?.to ?? '/login'}>
                  {target ? t('services.open', { screen: t(`common:${target.labelKey}`) }) : t('services.logInFor', { service: title })}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <p className="home-performance">
        {t('performance.text')} <Link to="/performance">{t('performance.link')}</Link>
      </p>

      <Credits credits={config.credits} />
    </div>
  );
}
