import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { saveBlob } from '../../../../lib/save-blob';
import { TWO_FACTOR_NS } from '../i18n';

type RecoveryCodesListProps = { codes: string[]; username: string; onDone: () => void };

/** Fresh recovery codes, shown this once, with a download; "saved" hides them for good. */
export function RecoveryCodesList({ codes, username, onDone }: RecoveryCodesListProps) {
  const { t } = useTranslation(TWO_FACTOR_NS);
  const heading = useRef<HTMLHeadingElement>(null);
  // They replace the form or button that had the focus: the reader continues from their heading.
  useEffect(() => heading.current?.focus(), []);
  const download = () =>
    saveBlob(new Blob([`${t('recovery.fileIntro', { username })}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }), `recovery-codes-${username}.txt`);
  return (
    <section className="card two-factor__codes" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="two-factor__heading" ref={heading} tabIndex={-1}>
        {t('recovery.showTitle')}
      </h2>
      <p>{t('recovery.showOnce')}</p>
      <ol className="two-factor__code-list" aria-label={t('recovery.title')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={download}>
          {t('recovery.download')}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {t('recovery.saved')}
        </button>
      </div>
    </section>
  );
}
