import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { removeAuthToken } from '../lib/auth-cookie';
import { i18n, preloadLanguage } from '../lib/i18n';
import { dismissAll } from '../lib/notifications';

// Every namespace registered and its Polish fetched before the tests: in the browser Polish loads
// when it is chosen and a switch waits for it; a test switches at a click and reads both languages
// at once (getFixedT('pl', ...)). lib/i18n/use-translation.test.tsx covers the loading itself.
import.meta.glob(['../**/i18n.ts', '../**/*-i18n.ts'], { eager: true });
beforeAll(() => preloadLanguage('pl'));

// A find waits for a lazy page's first import in this worker, which takes several seconds on a busy
// 2-core CI machine (CI failed a /createCase find at the 1 s default); one default here instead of
// a timeout at each find. A find that should fail still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  dismissAll();
  removeAuthToken();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
