// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { AnswerMarkdown } from './answer-markdown.tsx';

// Hostile Markdown (issue: hardening) must render, with its markers, instead of blanking the app.

afterEach(cleanup);

const base: Answer = {
  id: 'a',
  text: '',
  documents: [{ id: 'vsp', title: 'Vendor Security Policy', url: '/api/documents/vsp' }],
  sources: [{ id: 'S1', documentId: 'vsp', page: 2, quote: 'first' }],
};

function show(text: string) {
  const onCite = vi.fn();
  const answer = { ...base, text };
  render(<AnswerMarkdown answer={answer} model={buildAnswerModel(answer)} activeKey={null} onCite={onCite} />);
  return onCite;
}

describe('AnswerMarkdown under hostile input', () => {
  it.each([
    ['2,000 nested quotes', '>'.repeat(2000) + ' deep [1]'],
    ['1,500 nested list items', '- '.repeat(1500) + 'deep [1]'],
  ])('%s: renders flattened with a note, and the marker still opens its citation', (_name, text) => {
    const onCite = show(text);
    expect(screen.getByRole('note').textContent).toMatch(/nests quotes or lists too deeply/);
    expect(document.body.textContent).toContain('deep');
    fireEvent.click(screen.getByRole('button', { name: /Citation 1/ }));
    expect(onCite).toHaveBeenCalledWith('1');
  });

  it('shows an over-complex answer as plain text with a note, markers still buttons', () => {
    const onCite = show('Keys rotate [1]. ' + '*a '.repeat(5000));
    expect(screen.getByRole('note').textContent).toMatch(/plain text/);
    expect(document.querySelector('em')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Citation 1/ }));
    expect(onCite).toHaveBeenCalledWith('1');
  });

  it('says nothing about an ordinary answer', () => {
    show('Keys **rotate** yearly [1].');
    expect(screen.queryByRole('note')).toBeNull();
    expect(document.querySelector('strong')?.textContent).toBe('rotate');
  });
});
