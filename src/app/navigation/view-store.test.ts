// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The store reads the address when it is created: each test loads a fresh one at the address it wants.
// A new entry is written after the frame is painted (history-writer.ts); `flushed` writes it as a reader would.
let flush = () => {};
async function storeAt(url: string) {
  window.history.replaceState(null, '', url);
  vi.resetModules();
  const module = await import('./view-store.ts');
  flush = module.flushHistory;
  return module.useViewStore;
}
function search(): string {
  flush();
  return window.location.search;
}

afterEach(() => {
  flush();
  window.history.replaceState(null, '', '/');
});

describe('the view store and the browser history', () => {
  it('in the full app, a citation click is a history entry (Back returns to the previous citation)', async () => {
    const store = await storeAt('/?answer=vendor-access');
    const before = window.history.length;
    store.getState().cite('1');
    store.getState().cite('2');
    flush();
    expect(window.history.length).toBe(before + 2);
    expect(search()).toBe('?answer=vendor-access&cite=2');
  });

  it('a conversation keeps its active turn while citations, claims and documents change, until another turn opens', async () => {
    const store = await storeAt('/?answer=root&turn=2');
    store.getState().cite('1');
    expect(search()).toBe('?answer=root&turn=2&cite=1');
    store.getState().selectClaim('c-1-0', '2', 'push');
    expect(search()).toBe('?answer=root&turn=2&claim=c-1-0&cite=2');
    store.getState().showDocument('vsp');
    expect(search()).toBe('?answer=root&turn=2&claim=c-1-0&doc=vsp');
    const before = window.history.length;
    const nonce = store.getState().citeNonce;
    store.getState().openTurn(3, '1');
    expect(search()).toBe('?answer=root&turn=3&cite=1');
    expect(store.getState().citeNonce).toBe(nonce + 1);
    store.getState().openTurn(undefined);
    expect(search()).toBe('?answer=root');
    expect(window.history.length).toBe(before + 2);
    window.history.back();
    await new Promise((r) => window.addEventListener('popstate', r, { once: true }));
    expect(store.getState().view).toEqual({ answer: 'root', turn: 3, cite: '1' });
  });

  it('the page a viewer opens on (1) leaves an address without a page as it is; any other page, or back to 1, is written', async () => {
    const store = await storeAt('/?answer=root&turn=2');
    store.getState().setPage(1);
    expect(search()).toBe('?answer=root&turn=2');
    store.getState().setPage(4);
    expect(search()).toBe('?answer=root&turn=2&page=4');
    store.getState().setPage(1);
    expect(search()).toBe('?answer=root&turn=2&page=1');
  });

  it('embedded (/embed), navigation replaces the entry: ten clicks leave the portal’s history alone', async () => {
    const store = await storeAt('/embed?answer=vendor-access&panels=answer,viewer&theme=dark');
    expect(store.getState()).toMatchObject({ embedded: true, historyMode: 'replace', display: { panels: ['answer', 'viewer'], theme: 'dark' } });
    const before = window.history.length;
    for (let i = 0; i < 10; i++) store.getState().cite(String((i % 3) + 1));
    store.getState().selectClaim('c-1-0', '2', 'push');
    store.getState().showDocument('vsp');
    store.getState().openAnswer('vendor-encryption');
    expect(window.history.length).toBe(before);
    // The address still follows the view, display parameters kept, so a reload restores it.
    expect(window.location.pathname).toBe('/embed');
    expect(search()).toBe('?answer=vendor-encryption&panels=answer%2Cviewer&theme=dark');
  });

  it('setDisplay changes the address without a history entry, and drops what is not part of the view', async () => {
    const store = await storeAt('/embed?answer=a&origin=https%3A%2F%2Fp.example&exp=1&sig=abc');
    const before = window.history.length;
    store.getState().setDisplay({ theme: 'light', accent: '#112233' });
    expect(window.history.length).toBe(before);
    expect(search()).toBe('?answer=a&theme=light&accent=%23112233');
  });
});
