import type { TranslationTree } from './translations';

/** Values for a text's `{{name}}` placeholders, and the text shown when the key has none. */
export type TOptions = { readonly defaultValue?: string; readonly [name: string]: unknown };

/** A namespace's texts in one language: `t('list.empty')`, `t('common:page.home')`, `t('welcome', { name })`. */
export type TFunction = (key: string, options?: TOptions) => string;

const NAMESPACE_SEPARATOR = ':';
// A namespace is a plain name: a key whose dynamic part holds a colon ("audit.values.x.10:30") is
// a key, not a namespace.
const NAMESPACE = /^[\w-]+$/;
// Braces cannot occur inside a name, so a scan never backtracks over them (patterns-redos.test.ts).
const PLACEHOLDER = /{{([^{}]+)}}/g;

/** `common:page.home` -> ['common', 'page.home']; a key without a namespace stays in `namespace`. */
export function splitKey(key: string, namespace: string): [string, string] {
  const at = key.indexOf(NAMESPACE_SEPARATOR);
  const prefix = key.slice(0, at);
  return at > 0 && NAMESPACE.test(prefix) ? [prefix, key.slice(at + 1)] : [namespace, key];
}

/** The text at a dotted path, or undefined when the path is missing or ends at a subtree. */
export function lookup(tree: TranslationTree | undefined, path: string): string | undefined {
  let node: string | TranslationTree | undefined = tree;
  for (const step of path.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, step)) return undefined;
    node = node[step];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Fills `{{name}}` from `values`, unescaped (React escapes what it renders). A placeholder whose
 * name is not among the values stays as written, so a forgotten value shows rather than vanishes.
 */
export function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const key = name.trim();
    if (!Object.hasOwn(values, key)) return placeholder;
    const value = values[key];
    return value === undefined || value === null ? '' : String(value);
  });
}
