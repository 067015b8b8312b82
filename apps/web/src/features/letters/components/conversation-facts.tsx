import type { ReactNode } from 'react';

/** Label-value pairs of one conversation (letter ID, subject, sender...), as a description list. */
export function ConversationFacts({ facts }: { facts: readonly { label: string; value: ReactNode; id?: string }[] }) {
  return (
    <dl className="facts">
      {facts.map(({ label, value, id }) => (
        <div key={label} className="facts__item">
          <dt className="facts__label">{label}</dt>
          <dd id={id} className="facts__value">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
