import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { removeAuthToken } from '../lib/auth-cookie';
import { i18n, preloadLanguage } from '../lib/i18n';
import { dismissAll } from '../lib/notifications';

// Every namespace registered and its Polish fetched before the tests: in the browser Polish loads
// when it is chosen and a switch waits for it; a test switches at a click and reads both languages
// at once (getFixedT('pl', ...)). lib/i18n/use-translation.test.tsx covers the loading itself.
import.meta.glob(['../**/i18n.ts', '../**/*-i18n.ts'], { eager: true });
beforeAll(() => preloadLanguage('pl'));

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
