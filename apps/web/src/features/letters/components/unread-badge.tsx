import { useTranslation } from 'react-i18next';
import { LETTERS_NS } from '../i18n';

/** Shown up to this number; more reads "99+" (the hidden text keeps the exact count). */
const MAX_SHOWN = 99;

/**
 * The number of unread messages of a conversation in the list, nothing when there are none. The
 * number is drawn for the eye; assistive technology reads it as a sentence in the entry's name.
 */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation(LETTERS_NS);
  if (count <= 0) return null;
  return (
    <span className="unread-badge">
      <span aria-hidden="true">{count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}</span>
      <span className="visually-hidden">{t('list.unread', { count })}</span>
    </span>
  );
}
