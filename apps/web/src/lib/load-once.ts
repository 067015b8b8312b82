import { translationsReady } from './i18n';

/**
 * Code loaded on demand, once: `preload` starts the download (or joins the one under way) and
 * `loaded` is what arrived, for drawing it at once without waiting. A failed download (offline) is
 * forgotten, so the next call tries again. Shared by the lazily loaded pages and the parts of a page
 * drawn once their code is in (app/lazy-page.tsx, ui/after-load.tsx).
 */
export function loadOnce<T>(load: () => Promise<T>): { preload: () => Promise<T>; loaded: () => T | undefined } {
  let arrived: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    preload: () =>
      (loading ??= load().then(
        // The code's texts in the reader's language come with it: a page drawn before its Polish
        // arrived would flash English.
        (value) => translationsReady().then(() => (arrived = value)),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => arrived,
  };
}
