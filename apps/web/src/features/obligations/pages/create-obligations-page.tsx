import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../lib/ui/page-placeholder';

// Placeholder until its issue lands: replace this file's content; the route and its role guard stay in app/router.tsx.
export function CreateObligationsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('page.createObligations')} />;
}
