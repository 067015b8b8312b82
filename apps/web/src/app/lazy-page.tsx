import { lazy, Suspense, type ComponentType } from 'react';
import { loadOnce } from '../lib/load-once';
import { LoadingState } from '../lib/ui/list-states';

export type LazyPage = ComponentType & {
  /** Starts loading the page's code (once); the guard calls it while it still asks who is signed in. */
  preload: () => Promise<unknown>;
  /** True once the code is in: the page then renders without suspending. */
  isLoaded: () => boolean;
};

/**
 * A page component loaded on first render from its module's named export, with 'Loading...' meanwhile.
 * Once its code is in, the page renders directly: React holds a Suspense fallback on screen for at
 * least 300 ms, which would add that much to a page whose code arrived while the session loaded.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyPage {
  const { preload, loaded } = loadOnce(() => load().then((module) => module[name] as ComponentType));
  const Deferred = lazy(async () => ({ default: await preload() }));
  function Page() {
    const Loaded = loaded();
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<LoadingState />}>
        <Deferred />
      </Suspense>
    );
  }
  return Object.assign(Page, { preload, isLoaded: () => loaded() !== undefined });
}
