import { describe, expect, it } from 'vitest';
import { parseAccent, parsePanels, parseTheme, serializePanels } from './display-params.ts';

describe('display parameters', () => {
  it('reads panels in layout order, drops unknown names, and gives nothing for none', () => {
    expect(parsePanels('viewer,answer')).toEqual(['answer', 'viewer']);
    expect(parsePanels('review, viewer ,chat,viewer')).toEqual(['review', 'viewer']);
    expect(parsePanels('chat')).toBeUndefined();
    expect(parsePanels('')).toBeUndefined();
    expect(parsePanels(null)).toBeUndefined();
    expect(serializePanels(['viewer', 'answer'])).toBe('answer,viewer');
  });

  it('reads a theme and a #RRGGBB accent only', () => {
    expect(['light', 'dark', 'auto', 'sepia', '', null].map(parseTheme)).toEqual(['light', 'dark', 'auto', undefined, undefined, undefined]);
    expect(parseAccent('#0F766E')).toBe('#0f766e');
    for (const bad of ['#fff', '0f766e', '#0f766e80', 'red', '#0f766e;color:red', 'var(--x)', null]) expect(parseAccent(bad)).toBeUndefined();
  });
});
