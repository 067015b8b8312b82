import { registerTranslations } from '../i18n';

/** The QR code's own states, shared by every feature that shows one (a payment code, an authenticator key). */
export const QR_CODE_NS = registerTranslations('qr-code', {
  en: {
    loading: 'Loading the QR code...',
    failed: 'The QR code could not be shown. Use the details written out on this page, or reload the page to try again.',
  },
  pl: () => import('./qr-code-i18n-pl'),
});
