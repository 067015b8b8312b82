import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { loadOnce } from '../load-once';
import { QR_CODE_NS } from './qr-code-i18n';

/**
 * The QR library (~9 kB gzip) downloads when a code is first drawn, not with the screen that may
 * show one (issue 16: a screen's first JavaScript within 150 kB). `preload` is for
 * usePreloadWhenIdle, so the code is usually in before it is needed.
 */
export const qrCodeLibrary = loadOnce(() => import('qrcode').then((module) => module.default));

type QrCodeProps = {
  /** What the code holds. */
  text: string;
  /** Its side in CSS pixels (the image is drawn at this size). */
  size: number;
  alt: string;
  /** Gives every state the code's box (its width and height), so nothing moves when the image arrives. */
  className: string;
  'data-testid'?: string;
};

type Drawn = { text: string; image: string } | { text: string; failed: true };

/**
 * A QR code as an image: medium error correction and a quiet zone of four modules, as scanners
 * expect. While the library loads, a box of the same size says so; if it cannot load (offline) or
 * draw, the box says that the code is missing (and a caption beside it hides: components.css).
 */
export function QrCode({ text, size, alt, className, 'data-testid': testId }: QrCodeProps) {
  const { t } = useTranslation(QR_CODE_NS);
  const [drawn, setDrawn] = useState<Drawn>();
  useEffect(() => {
    let current = true;
    qrCodeLibrary
      .preload()
      .then((QRCode) => QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: size }))
      .then(
        (image) => current && setDrawn({ text, image }),
        (error: unknown) => {
          console.error('[qr-code] the QR code could not be drawn', error);
          if (current) setDrawn({ text, failed: true });
        },
      );
    return () => {
      current = false;
    };
  }, [text, size]);

  // A code drawn for an earlier text is not shown for this one.
  const state = drawn?.text === text ? drawn : undefined;
  if (state && 'image' in state) return <img className={className} src={state.image} width={size} height={size} alt={alt} data-testid={testId} />;
  if (state) {
    return (
      <div className={`${className} qr-code--failed`} role="alert">
        {t('failed')}
      </div>
    );
  }
  return (
    <div className={`${className} qr-code--pending`} role="status">
      {t('loading')}
    </div>
  );
}
