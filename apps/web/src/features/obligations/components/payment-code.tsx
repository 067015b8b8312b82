import { useTranslation } from '../../../lib/i18n';
import { QrCode } from '../../../lib/ui/qr-code';
import { OBLIGATIONS_NS } from '../i18n';

/** The ZBP two-dimensional payment code as a QR image. */
export function PaymentCode({ code }: { code: string }) {
  const { t } = useTranslation(OBLIGATIONS_NS);
  return (
    <figure className="payment-code">
      <QrCode text={code} size={240} alt={t('transfer.codeAlt')} className="payment-code__image" />
      <figcaption>{t('transfer.codeCaption')}</figcaption>
    </figure>
  );
}
