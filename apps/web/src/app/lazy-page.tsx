import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '../lib/ui/list-states';

/** A page component loaded on first render from its module's named export, with 'Loading...' meanwhile. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K): ComponentType {
  const Page = lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
  return function LazyPage() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
}
