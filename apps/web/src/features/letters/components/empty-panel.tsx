import type { ReactNode } from 'react';
import { EmptyState } from '../../../lib/ui/list-states';

type EmptyPanelProps = {
  /** The panel's heading, as it reads when the list has entries. */
  title: ReactNode;
  /** The empty text (the spec's 'No conversations available' where it has one). */
  children: ReactNode;
  /** Where to go from here: a button that leads to the tab where entries come from. */
  action?: { label: string; onClick: () => void };
};

/** An empty list that takes the whole panel, not the narrow list column of a two-pane layout. */
export function EmptyPanel({ title, children, action }: EmptyPanelProps) {
  return (
    <div className="empty-panel">
      <h2 className="two-pane__title">{title}</h2>
      <EmptyState>{children}</EmptyState>
      {action && (
        <button type="button" className="button button--secondary" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
