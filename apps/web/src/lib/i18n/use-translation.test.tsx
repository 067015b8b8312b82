import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, type PolishModule, registerTranslations, setLanguage, type TranslationTree, translationsReady, useTranslation } from '.';

const greetingsEn = { hello: 'Hello, {{name}}!', nested: { deep: 'Deep text' }, markup: '{{html}}' };
const GREETINGS_NS = registerTranslations('test-greetings', {
  en: greetingsEn,
  pl: async () => ({ pl: { hello: 'Cześć, {{name}}!', nested: { deep: 'Głęboki tekst' }, markup: '{{html}}' } }),
});

/** A Polish module the test hands over when it chooses (a slow network), or fails to fetch. */
function heldPolish<P extends TranslationTree>(pl: P) {
  const held = { arrive: () => {}, fail: () => {} };
  const load = () =>
    new Promise<{ pl: P }>((resolve, reject) => {
      held.arrive = () => resolve({ pl });
      held.fail = () => reject(new Error('offline'));
    });
  return { held, load };
}

function Greeting({ namespace = GREETINGS_NS, name = 'Anna' }: { namespace?: string; name?: string }) {
  const { t, i18n: handle } = useTranslation(namespace);
  return (
    <p>
      {t('hello', { name })} ({handle.language})
    </p>
  );
}

describe('translations', () => {
  it('fills placeholders, follows dotted paths and reads another namespace after its prefix', async () => {
    await act(() => i18n.changeLanguage('pl'));
    const t = i18n.getFixedT('en', GREETINGS_NS);
    expect(t('hello', { name: 'Anna' })).toBe('Hello, Anna!');
    expect(t('nested.deep')).toBe('Deep text');
    expect(t('common:page.home')).toBe('Home');
    expect(i18n.getFixedT('pl', GREETINGS_NS)('hello', { name: 'Anna' })).toBe('Cześć, Anna!');
  });

  it('leaves a value unescaped (React escapes) and a placeholder without a value as written', () => {
    const t = i18n.getFixedT('en', GREETINGS_NS);
    expect(t('markup', { html: '<b>&</b>' })).toBe('<b>&</b>');
    expect(t('hello')).toBe('Hello, {{name}}!');
    expect(t('hello', { name: 7 })).toBe('Hello, 7!');
  });

  it('shows the default value, else the key, for a key no language has', () => {
    const t = i18n.getFixedT('pl', GREETINGS_NS);
    expect(t('values.PAID', { defaultValue: 'PAID' })).toBe('PAID');
    expect(t('values.PAID')).toBe('values.PAID');
    expect(t('nested')).toBe('nested');
  });

  it('falls back to English for a key the Polish texts lack (a key built at run time can)', async () => {
    // The types keep the two trees' keys the same; the cast stands for a tree that slipped past them.
    const namespace = registerTranslations('test-partial', { en: { only: 'Only in English' }, pl: async () => ({ pl: {} }) as PolishModule<{ only: string }> });
    await act(() => i18n.changeLanguage('pl'));
    expect(i18n.getFixedT('pl', namespace)('only', { defaultValue: 'default' })).toBe('Only in English');
  });

  it('re-renders a component on a language switch', async () => {
    render(<Greeting />);
    expect(screen.getByText('Hello, Anna! (en)')).toBeInTheDocument();
    await act(async () => setLanguage('pl'));
    expect(screen.getByText('Cześć, Anna! (pl)')).toBeInTheDocument();
    expect(i18n.resolvedLanguage).toBe('pl');
  });

  it('switches to Polish only once its texts are in, and not at all when they cannot be fetched', async () => {
    const { held, load } = heldPolish({ hello: 'Wolno, {{name}}' });
    const namespace = registerTranslations('test-slow', { en: { hello: 'Slow, {{name}}' }, pl: load });
    render(<Greeting namespace={namespace} />);
    await act(async () => setLanguage('pl'));
    expect(screen.getByText('Slow, Anna (en)')).toBeInTheDocument();
    await act(async () => held.fail());
    expect(screen.getByText('Slow, Anna (en)')).toBeInTheDocument();

    const switched = i18n.changeLanguage('pl');
    await act(async () => held.arrive());
    await act(() => switched);
    expect(screen.getByText('Wolno, Anna (pl)')).toBeInTheDocument();
  });

  it('fetches the Polish of a namespace registered while Polish is shown, and shows it when it arrives', async () => {
    await act(() => i18n.changeLanguage('pl'));
    const { held, load } = heldPolish({ hello: 'Późno, {{name}}' });
    const namespace = registerTranslations('test-late-polish', { en: { hello: 'Late, {{name}}' }, pl: load });
    let isReady = false;
    void translationsReady().then(() => (isReady = true));
    render(<Greeting namespace={namespace} />);
    await act(async () => held.arrive());
    expect(isReady).toBe(true);
    expect(screen.getByText('Późno, Anna (pl)')).toBeInTheDocument();
  });

  it('shows a namespace registered after the component first rendered', async () => {
    render(<Greeting namespace="test-late" />);
    expect(screen.getByText('hello (en)')).toBeInTheDocument();
    await act(async () => registerTranslations('test-late', { en: { hello: 'Late {{name}}' }, pl: async () => ({ pl: { hello: 'Późno {{name}}' } }) }));
    expect(screen.getByText('Late Anna (en)')).toBeInTheDocument();
  });
});
