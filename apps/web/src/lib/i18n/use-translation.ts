import { useSyncExternalStore } from 'react';
import { i18n, type I18n } from './instance';
import { COMMON_NS } from './namespaces';
import { getFixedT, getVersion, subscribe } from './store';
import type { TFunction } from './translate';

/**
 * The texts of `namespace` (the shell's `common` by default) in the language shown. The component
 * re-renders on a language switch, and when its namespace is registered after it first rendered.
 */
export function useTranslation(namespace: string = COMMON_NS): { t: TFunction; i18n: I18n } {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  return { t: getFixedT(i18n.language, namespace), i18n };
}
