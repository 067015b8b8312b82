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
      {/* A drawn clock: the alarm-clock emoji is missing from fonts without colour emoji (a blank box). */}
      {deadline === 'overdue' ? (
        <span aria-hidden="true">{'\u26a0'}</span>
      ) : (
        <svg className="deadline-badge__clock" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 4.5V8l2.5 1.75" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      )}{' '}
      {label}
    </span>
  );
}
