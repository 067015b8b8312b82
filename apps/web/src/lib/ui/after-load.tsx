import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
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
 * drawn meanwhile. A failed download keeps the placeholder; the next mount tries again.
 */
export function afterLoad<P extends object>(load: () => Promise<ComponentType<P>>, { placeholder = null }: { placeholder?: ReactNode } = {}): AfterLoad<P> {
  const { preload, loaded } = loadOnce(load);
  function Deferred(props: P) {
    // A function in state must be wrapped: useState would call it.
    const [component, setComponent] = useState<{ Loaded: ComponentType<P> } | undefined>(() => {
      const Loaded = loaded();
      return Loaded ? { Loaded } : undefined;
    });
    useEffect(() => {
      if (component) return;
      let current = true;
      preload().then(
        (Loaded) => current && setComponent({ Loaded }),
        (error: unknown) => console.warn('[after-load] a part of the page did not load', error),
      );
      return () => {
        current = false;
      };
    }, [component]);
    if (!component) return placeholder;
    const { Loaded } = component;
    return <Loaded {...props} />;
  }
  return Object.assign(Deferred, { preload });
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
