import { myDataTexts, sessionTexts } from '@portal/contract';
import { registerTranslations } from '../../lib/i18n';
import '../../lib/i18n/groups/my-data';

/** The account area (issue 21): the time-out warning, "Your sessions" and "Your data"; texts from the contract. */
export const ACCOUNT_NS = registerTranslations('account', {
  en: { ...sessionTexts, ...myDataTexts },
  pl: () => import('./i18n-pl'),
});
