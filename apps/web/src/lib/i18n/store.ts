import { interpolate, lookup, splitKey, type TFunction } from './translate';
import { DEFAULT_LANGUAGE, type Language, type TranslationTree, type Translations } from './translations';

// The portal's texts by language and namespace, the language shown, and who re-renders on a change.
// React reads it through useSyncExternalStore (use-translation.ts): `version` changes whenever what
// a `t` returns may have changed. English is registered with each namespace; Polish arrives from
// its own module, fetched only while Polish is shown or being switched to.

type Listener = () => void;

const english = new Map<string, TranslationTree>();
const polish = new Map<string, TranslationTree>();
const polishLoaders = new Map<string, () => Promise<TranslationTree>>();
/** Polish trees under way, by namespace. */
const polishLoads = new Map<string, Promise<void>>();
const renderListeners = new Set<Listener>();
const languageListeners = new Set<(language: Language) => void>();
/** One `t` per language and namespace, so a component's `t` keeps its identity until the language changes. */
const fixedTs = new Map<string, TFunction>();
/** Namespaces a `t` was made for before they were registered: their registration re-renders. */
const awaited = new Set<string>();

let current: Language = DEFAULT_LANGUAGE;
/** The language last asked for: a switch still loading gives way to a later one. */
let requested: Language = DEFAULT_LANGUAGE;
let version = 0;

/** Re-renders every reader; a namespace's `t`s get a new identity, so what was memoised on them refreshes. */
function changed(namespace?: string): void {
  if (namespace !== undefined) for (const id of [...fixedTs.keys()]) if (id.endsWith(`:${namespace}`)) fixedTs.delete(id);
  version += 1;
  for (const listener of renderListeners) listener();
}

export function subscribe(listener: Listener): () => void {
  renderListeners.add(listener);
  return () => renderListeners.delete(listener);
}

export function getVersion(): number {
  return version;
}

export function currentLanguage(): Language {
  return current;
}

/** Calls `listener` after every switch (also to the language already shown, as i18next did). */
export function onLanguageChange(listener: (language: Language) => void): void {
  languageListeners.add(listener);
}

function loadPolish(namespace: string): Promise<void> {
  const load = polishLoaders.get(namespace);
  if (!load || polish.has(namespace)) return Promise.resolve();
  let loading = polishLoads.get(namespace);
  if (!loading) {
    loading = load().then(
      (tree) => {
        polishLoads.delete(namespace);
        polish.set(namespace, tree);
        // Shown while it loaded (a late page's texts): show them in Polish now.
        if (current === 'pl') changed(namespace);
      },
      (error: unknown) => {
        // Offline: forgotten, so the next switch or page tries again.
        polishLoads.delete(namespace);
        throw error;
      },
    );
    polishLoads.set(namespace, loading);
  }
  return loading;
}

/** Loads what `language` lacks of every namespace registered so far, and of those registered meanwhile. */
async function loadLanguage(language: Language): Promise<void> {
  if (language !== 'pl') return;
  for (;;) {
    const missing = [...polishLoaders.keys()].filter((namespace) => !polish.has(namespace));
    if (missing.length === 0) return;
    await Promise.all(missing.map(loadPolish));
  }
}

function show(language: Language): void {
  const isNew = language !== current;
  current = language;
  if (isNew) changed();
  for (const listener of languageListeners) listener(language);
}

/**
 * Switches once the language's texts are in, so a screen never shows half of each; at once when
 * they already are. Rejects (and stays) when they cannot be fetched.
 */
export function changeLanguage(language: Language): Promise<void> {
  requested = language;
  const loading = loadLanguage(language);
  const isLoaded = language !== 'pl' || [...polishLoaders.keys()].every((namespace) => polish.has(namespace));
  if (isLoaded) {
    show(language);
    return Promise.resolve();
  }
  return loading.then(() => {
    if (requested === language) show(language);
  });
}

/**
 * The language of the first render, before anything is drawn: its texts load meanwhile and the
 * first render waits for them (`translationsReady`), so a reader of Polish never sees English first.
 */
export function startIn(language: Language): void {
  current = requested = language;
  void loadLanguage(language).catch(() => undefined);
}

/**
 * Settles when the texts under way for the language shown are in (at once for English). Never
 * rejects: if Polish cannot be fetched, English is better than nothing.
 */
export async function translationsReady(): Promise<void> {
  while (polishLoads.size > 0) await Promise.allSettled(polishLoads.values());
}

/** Adds (or replaces) a namespace's texts; while Polish is shown its Polish starts loading at once. */
export function addTranslations<T extends TranslationTree>(namespace: string, translations: Translations<T>): void {
  english.set(namespace, translations.en);
  polish.delete(namespace);
  polishLoaders.set(namespace, () => translations.pl().then((module) => module.pl));
  if (current === 'pl') void loadPolish(namespace).catch(() => undefined);
  if (awaited.delete(namespace)) changed(namespace);
}

/** The text in `language`, else in English, else `defaultValue`, else the key itself. */
function translate(language: Language, namespace: string, key: string, options: Parameters<TFunction>[1]): string {
  const [ns, path] = splitKey(key, namespace);
  const inLanguage = language === 'pl' ? lookup(polish.get(ns), path) : undefined;
  const text = inLanguage ?? lookup(english.get(ns), path) ?? options?.defaultValue ?? path;
  return interpolate(text, options);
}

export function getFixedT(language: Language, namespace: string): TFunction {
  const id = `${language}:${namespace}`;
  let t = fixedTs.get(id);
  if (!t) {
    if (!english.has(namespace)) awaited.add(namespace);
    t = (key, options) => translate(language, namespace, key, options);
    fixedTs.set(id, t);
  }
  return t;
}

/** Fetches a language's texts for every namespace registered so far, without switching (tests read both). */
export function preloadLanguage(language: Language): Promise<void> {
  return loadLanguage(language);
}
