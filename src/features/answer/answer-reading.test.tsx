// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { AnswerPane } from './answer-pane.tsx';

afterEach(cleanup);

const answer: Answer = {
  id: 'a',
  text: 'Ruby dates from 1995 [1]. It is loved [2].',
  documents: [
    { id: 'wiki', title: 'Ruby - Wikipedia', url: 'https://en.wikipedia.org/wiki/Ruby' },
    { id: 'facts', title: 'Facts', url: '/api/documents/facts' },
  ],
  sources: [
    { id: 'S1', documentId: 'wiki', text: 'Ruby appeared in 1995.', date: '2024-06-10' },
    {
      id: 'S2',
      documentId: 'facts',
      quote: 'programmers happy',
      url: 'javascript:alert(1)',
      flags: [{ code: 'adapter-note', message: 'The quote was chosen by shared words.' }],
    },
    { id: 'S3', documentId: 'facts', quote: 'designed by Matz' },
  ],
  citations: [
    { n: 1, sourceId: 'S1' },
    { n: 2, sourceId: 'S2' },
  ],
  spans: [{ sourceId: 'S1', key: '1', answerStart: 0, answerEnd: 20, confidence: 0.874 }],
  reasoning: [
    {
      text: 'Matz designed it. <b>not html</b>',
      spans: [{ sourceId: 'S3', key: '9', answerStart: 0, answerEnd: 16 }],
    },
  ],
};

function show(props: Partial<Parameters<typeof AnswerPane>[0]> = {}) {
  const onCite = vi.fn();
  render(<AnswerPane answer={answer} model={buildAnswerModel(answer)} activeKey={null} activeSourceId={null} onCite={onCite} {...props} />);
  return onCite;
}

describe('AnswerPane: how an adapted answer was read', () => {
  it('says the format and lists every adapter note in a disclosure', () => {
    show({ reading: { shape: 'Cohere v2 chat', warnings: ['citations[3] names no source; it was skipped.', 'second'] }, provider: 'Cohere' });
    expect(screen.getByText('Read as Cohere v2 chat')).toBeTruthy();
    const summary = screen.getByText(/2 notes from reading the Cohere v2 chat response/);
    expect(summary.closest('details')?.open).toBe(false);
    expect(screen.getByText('citations[3] names no source; it was skipped.')).toBeTruthy();
  });

  it('shows nothing about reading for a canonical answer', () => {
    show();
    expect(screen.queryByText(/Read as/)).toBeNull();
  });

  it('gives a web reference its site as a safe link outside the button, its date and the provider confidence', () => {
    show({ provider: 'Gemini' });
    const ref = document.querySelector('[data-reference="S1"]') as HTMLElement;
    const link = within(ref).getByRole('link', { name: 'en.wikipedia.org ↗' });
    expect(link.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Ruby');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.closest('button')).toBeNull();
    expect(ref.textContent).toContain('10 Jun 2024');
    expect(ref.textContent).toContain('Gemini confidence 87 %');
  });

  it('never links a non-http source URL, and titles adapter notes on the reference', () => {
    show();
    const ref = document.querySelector('[data-reference="S2"]') as HTMLElement;
    expect(within(ref).queryByRole('link')).toBeNull();
    expect(ref.querySelector('[data-source-flag="adapter-note"]')?.textContent).toContain('Note from reading the response: The quote was chosen');
  });

  it('shows the confidence in the marker preview', async () => {
    show({ provider: 'Gemini' });
    fireEvent.mouseEnter(document.querySelector('button[data-marker="1"]')!.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toContain('Gemini confidence 87 %');
  });

  it('keeps the reasoning apart, as plain text, with its cited words marked and a citation that opens by S-ID', () => {
    const onCite = show();
    const reasoning = document.querySelector('details[data-reasoning]') as HTMLDetailsElement;
    expect(reasoning.open).toBe(false);
    expect(reasoning.querySelector('summary')?.textContent).toBe('Model reasoning (cites 1 source)');
    expect(document.querySelector('.answer-prose')?.textContent).not.toContain('Matz designed it');
    expect(reasoning.querySelector('mark[data-reasoning-cited]')?.textContent).toBe('Matz designed it');
    expect(reasoning.querySelector('b')).toBeNull();
    expect(reasoning.textContent).toContain('<b>not html</b>');
    // Key 9 names nothing in this answer; the citation still opens S3, by its S-ID.
    fireEvent.click(within(reasoning).getByRole('button'));
    expect(onCite).toHaveBeenCalledWith('S3');
  });
});
