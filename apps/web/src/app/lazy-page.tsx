import { commonMessages } from '@portal/contract';
import { lazy, Suspense, type ComponentType } from 'react';
import { useMessageText } from '../lib/i18n';

function PageLoading() {
  const message = useMessageText();
  return (
    <p role="status" className="state state--loading">
      {message(commonMessages.loading)}
    </p>
  );
}

/** A page component loaded on first render from its module's named export, with 'Loading...' meanwhile. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K): ComponentType {
  const Page = lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  };
}
