// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test imports fresh modules: the catalog registry then holds English only, as in a page that has just loaded
// (the suite's setup registers Persian into the modules of the other tests).
type Store = typeof import('./locale-store.ts');
type Translate = typeof import('../core/i18n/translate.ts');

async function freshModules(search = ''): Promise<{ store: Store; translate: Translate }> {
  vi.resetModules();
  window.history.replaceState(null, '', `/${search}`);
  const translate = await import('../core/i18n/translate.ts');
  const store = await import('./locale-store.ts');
  return { store, translate };
}

describe('the UI language and its catalog chunk', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows Persian only once its strings are in, and then in Persian', async () => {
    const { store, translate } = await freshModules();
    const { useLocaleStore } = store;
    expect(translate.hasCatalog('fa')).toBe(false);
    useLocaleStore.getState().chooseLocale('fa');
    expect(useLocaleStore.getState().locale).toBe('en');
    await vi.waitFor(() => expect(useLocaleStore.getState().locale).toBe('fa'));
    expect(translate.createTranslator('fa')('app.language')).not.toBe(translate.createTranslator('en')('app.language'));
    expect(localStorage.getItem('citelens.locale')).toBe('fa');
  });

  it('keeps the last choice when a slow catalog arrives after a switch back', async () => {
    const { useLocaleStore } = (await freshModules()).store;
    useLocaleStore.getState().chooseLocale('fa');
    useLocaleStore.getState().chooseLocale('en');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useLocaleStore.getState().locale).toBe('en');
  });

  it('renders a Persian link first in Persian, after its catalog', async () => {
    const { store, translate } = await freshModules('?lang=fa');
    const seen: string[] = [];
    await new Promise<void>((resolve) =>
      store.afterFirstLocale(() => {
        seen.push(store.useLocaleStore.getState().locale);
        resolve();
      }),
    );
    expect(seen).toEqual(['fa']);
    expect(translate.hasCatalog('fa')).toBe(true);
  });

  it('renders an English page at once, without waiting a tick', async () => {
    const { store } = await freshModules('?lang=en');
    let rendered = false;
    store.afterFirstLocale(() => (rendered = true));
    expect(rendered).toBe(true);
  });
});
