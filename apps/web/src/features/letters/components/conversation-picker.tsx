import type { ConversationListItem } from '@portal/contract';
import { useId, type ReactNode } from 'react';

/** Ids inside one entry: `name` labels it (when given), the rest may describe it. */
export type PickerEntryIds = { name: string; unread: string; details: string };

type ConversationPickerProps = {
  /** Accessible name of the list. */
  label: string;
  conversations: readonly ConversationListItem[];
  selectedId: number | undefined;
  onSelect: (conversation: ConversationListItem) => void;
  /** What each entry shows. Put the element with `ids.name` in it when `describe` is used. */
  renderItem: (conversation: ConversationListItem, ids: PickerEntryIds) => ReactNode;
  /**
   * With it, the entry's accessible name is only the element with `ids.name` (e.g. the full subject)
   * and the ids it returns describe the entry; without it, the whole content names the entry.
   */
  describe?: (conversation: ConversationListItem, ids: PickerEntryIds) => string;
  /** A tooltip with the full text, e.g. when the entry shows a shortened subject. */
  titleOf?: (conversation: ConversationListItem) => string;
};

/** A list of conversations to open, one button each; the open one is marked as current. */
export function ConversationPicker({ label, conversations, selectedId, onSelect, renderItem, describe, titleOf }: ConversationPickerProps) {
  const prefix = useId();
  return (
    <ul className="picker" aria-label={label}>
      {conversations.map((conversation) => {
        const isSelected = conversation.id === selectedId;
        const base = `${prefix}-${conversation.id}`;
        const ids: PickerEntryIds = { name: `${base}-name`, unread: `${base}-unread`, details: `${base}-details` };
        return (
          <li key={conversation.id}>
            <button
              type="button"
              className="picker__item"
              aria-current={isSelected ? 'true' : undefined}
              aria-labelledby={describe ? ids.name : undefined}
              aria-describedby={describe?.(conversation, ids)}
              title={titleOf?.(conversation)}
              onClick={() => onSelect(conversation)}
            >
              {renderItem(conversation, ids)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
