/**
 * Counts failed logins per username and locks the username for a while after too many.
 * Async so a shared store (database, Redis) can replace the in-memory one: with several API
 * processes each in-memory store counts only the attempts it saw.
 */
export interface LoginLock {
  /** Milliseconds until the lock ends, or 0 when the username may try. */
  lockedFor(username: string): Promise<number>;
  /** Records a failure; resolves true when this failure locked the username. */
  recordFailure(username: string): Promise<boolean>;
  /** Forgets the failures after a successful login. */
  reset(username: string): Promise<void>;
}

interface Entry {
  failures: number;
  /** Failures older than the window no longer count. */
  windowEndsAt: number;
  lockedUntil: number;
}

export interface MemoryLoginLockOptions {
  threshold: number;
  lockMinutes: number;
  /** Bounds memory when someone tries millions of usernames; the oldest entries go first. */
  maxEntries?: number;
  now?: () => number;
}

export function createMemoryLoginLock(options: MemoryLoginLockOptions): LoginLock {
  const now = options.now ?? Date.now;
  const lockMs = options.lockMinutes * 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  // Usernames are unique ignoring case, so 'ANowak' and 'anowak' share one counter.
  const keyOf = (username: string) => username.toLowerCase();

  const current = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.lockedUntil <= now() && entry.windowEndsAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    async lockedFor(username) {
      const entry = current(keyOf(username));
      return entry ? Math.max(0, entry.lockedUntil - now()) : 0;
    },
    async recordFailure(username) {
      const key = keyOf(username);
      const entry = current(key) ?? { failures: 0, windowEndsAt: now() + lockMs, lockedUntil: 0 };
      entry.failures += 1;
      entries.delete(key); // re-insert: Map order doubles as least-recently-failed order
      entries.set(key, entry);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      if (entry.failures >= options.threshold) {
        entry.lockedUntil = now() + lockMs;
        entry.windowEndsAt = entry.lockedUntil;
        entry.failures = 0;
        return true;
      }
      return false;
    },
    async reset(username) {
      entries.delete(keyOf(username));
    },
  };
}
