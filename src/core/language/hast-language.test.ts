import type { Element, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { withBlockLanguages } from './hast-language.ts';

const el = (tagName: string, ...children: Element['children']): Element => ({ type: 'element', tagName, properties: { dir: 'auto' }, children });
const text = (value: string) => ({ type: 'text' as const, value });
const BLOCKS = new Set(['p', 'li', 'ul']);
const langs = (root: Root): unknown[] => {
  const out: unknown[] = [];
  const walk = (n: Root | Element) => {
    if (n.type === 'element') out.push(`${n.tagName}:${String(n.properties.lang ?? '-')}`);
    for (const c of n.children) if (c.type === 'element') walk(c);
  };
  walk(root);
  return out;
};

describe('withBlockLanguages', () => {
  it('gives Persian blocks lang=fa, a short one by the whole text, and leaves English ones alone', () => {
    const root: Root = {
      type: 'root',
      children: [el('p', text('همهٔ داده‌های شرکت رمزنگاری می‌شوند.')), el('p', text('سلام')), el('p', text('TLS 1.2 only.'))],
    };
    expect(langs(withBlockLanguages(root, BLOCKS))).toEqual(['p:fa', 'p:fa', 'p:-']);
  });

  it('sets a language once per nesting, and marks an English block inside a Persian one as unknown', () => {
    const root: Root = {
      type: 'root',
      children: [el('ul', el('li', text('تأمین‌کنندگان باید گذرواژه‌ها را عوض کنند'), el('p', text('Every vendor, every year'))))],
    };
    expect(langs(withBlockLanguages(root, BLOCKS))).toEqual(['ul:fa', 'li:-', 'p:']);
  });

  it('returns an answer without Arabic script as it was', () => {
    const root: Root = { type: 'root', children: [el('p', text('Vendors [1].'))] };
    expect(withBlockLanguages(root, BLOCKS)).toBe(root);
  });

  it('gives Arabic lang=ar and names nothing when the letters disagree', () => {
    const root: Root = { type: 'root', children: [el('p', text('يجب على الموردين استخدام المصادقة')), el('p', text('کتاب المكتبة'))] };
    expect(langs(withBlockLanguages(root, BLOCKS))).toEqual(['p:ar', 'p:-']);
  });
});
