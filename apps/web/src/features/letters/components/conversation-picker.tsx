import type { ConversationResponse } from '@portal/contract';
import type { ReactNode } from 'react';

type ConversationPickerProps = {
  /** Accessible name of the list. */
  label: string;
  conversations: readonly ConversationResponse[];
  selectedId: number | undefined;
  onSelect: (conversation: ConversationResponse) => void;
  /** What each entry shows; its accessible name comes from this content. */
  renderItem: (conversation: ConversationResponse) => ReactNode;
  /** A tooltip with the full text, e.g. when the entry shows a shortened subject. */
  titleOf?: (conversation: ConversationResponse) => string;
};

/** A list of conversations to open, one button each; the open one is marked as current. */
export function ConversationPicker({ label, conversations, selectedId, onSelect, renderItem, titleOf }: ConversationPickerProps) {
  return (
    <ul className="picker" aria-label={label}>
      {conversations.map((conversation) => {
        const isSelected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              className="picker__item"
              aria-current={isSelected ? 'true' : undefined}
              title={titleOf?.(conversation)}
              onClick={() => onSelect(conversation)}
            >
              {renderItem(conversation)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
