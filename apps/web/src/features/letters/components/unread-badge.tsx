import { useTranslation } from '../../../lib/i18n';
import { LETTERS_NS } from '../i18n';

/** Shown up to this number; more reads "99+" (the hidden text keeps the exact count). */
const MAX_SHOWN = 99;

/**
 * The number of unread messages (of a conversation, or of a whole tab), nothing when there are
 * none. The number is drawn for the eye; assistive technology reads it as a sentence, part of the
 * name of the tab or the description of the entry (`id`) it sits in.
 */
export function UnreadBadge({ count, id }: { count: number; id?: string }) {
  const { t } = useTranslation(LETTERS_NS);
  if (count <= 0) return null;
  return (
    <span className="unread-badge" id={id}>
      <span aria-hidden="true">{count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}</span>
      {/* The leading space keeps the sentence apart from the label before it in a computed name. */}
      <span className="visually-hidden"> {t('list.unread', { count })}</span>
    </span>
  );
}
