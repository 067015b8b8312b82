/** What the timer needs from a token's own payload: when it ends and how long it lasts (ms); null when unreadable. */
export function tokenTimes(token: string | undefined): { expiresAtMs: number; lifetimeMs: number } | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown };
    if (typeof json.exp !== 'number' || typeof json.iat !== 'number') return null;
    return { expiresAtMs: json.exp * 1000, lifetimeMs: (json.exp - json.iat) * 1000 };
  } catch {
    return null;
  }
}
