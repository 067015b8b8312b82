import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OBLIGATIONS_NS } from '../i18n';

/**
 * The ZBP two-dimensional payment code as a QR image (the `qrcode` library). Medium error
 * correction and a quiet zone of four modules, as scanners expect.
 */
export function PaymentCode({ code }: { code: string }) {
  const { t } = useTranslation(OBLIGATIONS_NS);
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 4, width: 240 })
      .then((url) => current && setImage(url))
      .catch((error: unknown) => console.error('[obligations] the payment code could not be drawn', error));
    return () => {
      current = false;
    };
  }, [code]);
  return (
    <figure className="payment-code">
      {image ? <img src={image} width={240} height={240} alt={t('transfer.codeAlt')} /> : <div className="payment-code__placeholder" />}
      <figcaption>{t('transfer.codeCaption')}</figcaption>
    </figure>
  );
}
