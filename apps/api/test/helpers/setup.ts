import { afterEach, vi } from 'vitest';

// The API test files share their worker's modules (vitest.config.ts: isolate false), so a file
// that fakes the clock must not hand the fake one to the next file.
afterEach(() => {
  vi.useRealTimers();
});
