/**
 * The name of the unique index or constraint a failed insert/update hit, or undefined when the
 * error is something else. Lets services turn a race between "check" and "insert" into a 409.
 * Name unique indexes `<table>_<what>_unique` so both engines report a recognisable name.
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return typeof constraint === 'string' ? constraint : 'unknown';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const text = typeof message === 'string' ? message : '';
    // "UNIQUE constraint failed: index 'users_username_unique'" or "...: users.email"
    const index = /index '([^']+)'/.exec(text)?.[1];
    if (index) return index;
    const marker = text.indexOf('failed: ');
    const columns = marker < 0 ? '' : text.slice(marker + 'failed: '.length);
    return columns ? columns.replace(/\./g, '_').replace(/, /g, '__') : 'unknown';
  }
  return undefined;
}
