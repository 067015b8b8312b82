import type { DeadlineState } from '@portal/contract';

/**
 * "Due soon" or "Overdue" beside a matter in the staff's queues (issue 32 point 5), from the
 * server's `deadline`: words and an icon, never colour alone; nothing while the matter is on time.
 * Each feature words it with its own texts (and keeps it out of a shared chunk).
 */
export function DeadlineBadge({ deadline, label }: { deadline: DeadlineState | undefined; label: string }) {
  if (!deadline) return null;
  return (
    <span className={`deadline-badge deadline-badge--${deadline}`}>
      <span aria-hidden="true">{deadline === 'overdue' ? '\u26a0' : '\u23f0'}</span> {label}
    </span>
  );
}
