import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { OBLIGATIONS_NS } from '../i18n';

/** Copies `value` and says so; where the clipboard is refused, says how to copy by hand. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation(OBLIGATIONS_NS);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notify(t('transfer.copied', { what }), 'info', { key: 'obligations.copy' });
    } catch (error) {
      console.error('[obligations] copying failed', error);
      notify(t('transfer.copyFailed'), 'error', { key: 'obligations.copy' });
    }
  }
  return (
    <button type="button" className="button button--secondary button--small" onClick={() => void copy()} aria-label={t('transfer.copyWhat', { what })}>
      {t('transfer.copy')}
    </button>
  );
}
