// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addInlineAnswer } from '../../api/inline-answers.ts';
import { parseDisplayState, parseViewState } from './url-state.ts';
import { viewLink } from './view-link.ts';

const view = { answer: 'vendor-access', claim: 'c-1-0', cite: '2', doc: 'vsp', page: 3, region: 2 };
const display = { panels: ['answer' as const, 'viewer' as const], theme: 'dark' as const, accent: '#0f766e' };

describe('the link of a view', () => {
  it('from the full app: the full-page link, every part of the view, no theme', () => {
    expect(viewLink('https://cl.example/?answer=old#x', view, display, 'full')).toBe(
      'https://cl.example/?answer=vendor-access&claim=c-1-0&cite=2&doc=vsp&page=3&region=2',
    );
  });

  it('from an embedded view: the embed link with its panels and theme, never a signed link’s parameters', () => {
    const href = 'https://cl.example/embed?answer=vendor-access&origin=https%3A%2F%2Fp.example&exp=1&sig=SECRET';
    const link = viewLink(href, view, display, 'embed');
    expect(link).toBe(
      'https://cl.example/embed?answer=vendor-access&claim=c-1-0&cite=2&doc=vsp&page=3&region=2&panels=answer%2Cviewer&theme=dark&accent=%230f766e',
    );
    expect(link).not.toMatch(/sig|exp=|origin=/);
    // What the link says is what it restores.
    const search = new URL(link!).search;
    expect(parseViewState(search)).toEqual(view);
    expect(parseDisplayState(search)).toEqual(display);
    // The full-page form of an embedded view drops the /embed path.
    expect(viewLink(href, view, display, 'full')).toBe('https://cl.example/?answer=vendor-access&claim=c-1-0&cite=2&doc=vsp&page=3&region=2');
  });

  it('keeps a path prefix, and has no link for an answer held in memory', async () => {
    expect(viewLink('https://cl.example/tools/citelens/embed', { answer: 'a' }, {}, 'full')).toBe('https://cl.example/tools/citelens/?answer=a');
    const { id } = await addInlineAnswer({ id: 'm', text: 't', documents: [], sources: [] });
    expect(viewLink('https://cl.example/embed', { answer: id, cite: '1' }, {}, 'embed')).toBeNull();
  });
});

describe('display parameters in the URL', () => {
  it('reads panels, theme and accent, dropping bad values without touching the view', () => {
    expect(parseDisplayState('?answer=a&panels=viewer,answer&theme=dark&accent=%230F766E')).toEqual({
      panels: ['answer', 'viewer'],
      theme: 'dark',
      accent: '#0f766e',
    });
    expect(parseDisplayState('?panels=chat&theme=sepia&accent=red')).toEqual({});
    expect(parseViewState('?answer=a&panels=viewer&theme=dark')).toEqual({ answer: 'a' });
  });
});
