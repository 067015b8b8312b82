import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { loadOnce } from '../load-once';

export type AfterLoad<P extends object> = ComponentType<P> & {
  /** Starts loading the code (once); resolves when it is in. */
  preload: () => Promise<ComponentType<P>>;
};

/**
 * A part of the page whose code loads on its own, drawn once that code is in and nothing until
 * then: no Suspense boundary, so no fallback. React 19 throttles what a Suspense boundary reveals
 * to at least 300 ms after the last fallback was shown; with the layout's boundary (the session
 * warning) in the first render, a signed-in screen's complete first frame came ~300 ms after its
 * lists had arrived on the bench (issue 16). For parts that may appear a moment after the rest (the session warning, the bell)
 * and for parts a first screen does not show (a form in a tab not selected yet), with `placeholder`
 * drawn meanwhile. A failed download is tried again when the part is drawn anew; a part with a
 * placeholder says it could not be loaded, with a button to try again.
 */
export function afterLoad<P extends object>(load: () => Promise<ComponentType<P>>, { placeholder = null }: { placeholder?: ReactNode } = {}): AfterLoad<P> {
  const { preload, loaded } = loadOnce(load);
  function Deferred(props: P) {
    // A function in state must be wrapped: useState would call it.
    const [component, setComponent] = useState<{ Loaded: ComponentType<P> } | undefined>(() => {
      const Loaded = loaded();
      return Loaded ? { Loaded } : undefined;
    });
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (component) return;
      let current = true;
      preload().then(
        (Loaded) => current && setComponent({ Loaded }),
        (error: unknown) => {
          console.warn('[after-load] a part of the page did not load', error);
          if (current) setFailed(true);
        },
      );
      return () => {
        current = false;
      };
      // `props`: after a failure, whatever draws the part anew (the click that opens a dialog) tries
      // again; while a download is under way, preload joins it.
    }, [component, attempt, props]);
    if (component) {
      const { Loaded } = component;
      return <Loaded {...props} />;
    }
    // A part that shows something while it loads says why it stays empty; one that shows nothing
    // (a closed dialog) waits for the next try.
    return failed && placeholder !== null ? <PartFailed onRetry={() => (setFailed(false), setAttempt((count) => count + 1))} /> : placeholder;
  }
  return Object.assign(Deferred, { preload });
}

function PartFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="part-failed" role="alert">
      <p>{t('partFailed.text')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('partFailed.retry')}
      </button>
    </div>
  );
}

/**
 * Loads `parts` once the browser is idle after the page is drawn: a form in another tab is then in
 * before anyone clicks the tab, without being part of the first screen's download.
 */
export function usePreloadWhenIdle(...parts: readonly { preload: () => Promise<unknown> }[]): void {
  useEffect(() => {
    const preload = () => parts.forEach((part) => void part.preload().catch(() => undefined));
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(preload, { timeout: 2_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 0);
    return () => clearTimeout(timer);
    // The parts are module-level constants: once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
