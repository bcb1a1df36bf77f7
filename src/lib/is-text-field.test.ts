// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isTextField } from './is-text-field.ts';

describe('isTextField: where a typed letter is text, not a shortcut', () => {
  const input = (type: string) => Object.assign(document.createElement('input'), { type });

  it('counts text inputs, textareas, selects and editable elements', () => {
    for (const el of [input('text'), input('search'), input('number'), document.createElement('textarea'), document.createElement('select')]) {
      expect(isTextField(el)).toBe(true);
    }
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    // jsdom computes no isContentEditable; the browser does, so set what it would say.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTextField(editable)).toBe(true);
  });

  it('does not count buttons, checkboxes, plain elements, the window or nothing', () => {
    for (const el of [input('button'), input('checkbox'), input('radio'), input('range'), document.createElement('button'), document.createElement('div')]) {
      expect(isTextField(el)).toBe(false);
    }
    expect(isTextField(window)).toBe(false);
    expect(isTextField(null)).toBe(false);
  });
});
