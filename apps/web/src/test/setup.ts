import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { removeAuthToken } from '../lib/auth-cookie';
import { i18n } from '../lib/i18n';
import { dismissAll } from '../lib/notifications';

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
