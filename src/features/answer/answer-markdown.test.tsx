// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { AnswerMarkdown } from './answer-markdown.tsx';

afterEach(cleanup);

const base: Answer = {
  id: 'a',
  text: '',
  documents: [{ id: 'vsp', title: 'Vendor Security Policy', url: '/api/documents/vsp' }],
  sources: [
    { id: 'S1', documentId: 'vsp', page: 2, quote: 'first' },
    { id: 'S2', documentId: 'vsp', page: 7, quote: 'second', section: '4. Encryption' },
    { id: 'S3', documentId: 'vsp', page: 9, quote: 'third' },
  ],
};

function show(text: string, onCite = vi.fn()) {
  const answer = { ...base, text };
  render(<AnswerMarkdown answer={answer} model={buildAnswerModel(answer)} activeKey={null} onCite={onCite} />);
  return onCite;
}

describe('AnswerMarkdown', () => {
  it('gives one button per cited number, named for its document and page', () => {
    const onCite = show('MFA is required [1][3]. Keys rotate [1, 3]. Also [S2] and [۲].');
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('data-marker'))).toEqual(['1', '3', '1', '3', 'S2', '2']);
    expect(screen.getAllByRole('button', { name: 'Citation 2: Vendor Security Policy, page 7' })).toHaveLength(1);
    fireEvent.click(buttons[1]!);
    expect(onCite).toHaveBeenCalledWith('3');
  });

  it('renders a marker that points nowhere as plain text, not a button', () => {
    show('Unsupported claim [9].');
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('[data-invalid-marker="9"]')?.textContent).toBe('9');
  });

  it('leaves markers inside code alone', () => {
    show('Use `items[1]` and\n\n```\nx[2]\n```\n\n    indented code [3]\n');
    expect(screen.queryByRole('button')).toBeNull();
    expect(Array.from(document.querySelectorAll('pre')).map((p) => p.textContent)).toEqual(['x[2]\n', 'indented code [3]\n']);
  });

  it('shows an escaped bracket as the text the author wrote, not as a citation', () => {
    show('Not a citation: \\[2\\]. This is [1].');
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('data-marker'))).toEqual(['1']);
    expect(document.body.textContent).toContain('Not a citation: [2].');
  });

  it('draws a marker written in link text right after the link, never inside it', () => {
    show('Read [the spec [2]](https://example.com/spec) first.');
    const link = screen.getByRole('link', { name: 'the spec' });
    expect(link.querySelector('button')).toBeNull();
    const button = screen.getByRole('button', { name: /Citation 2/ });
    expect(link.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('renders tables with the markers in their cells', () => {
    show('| Control | Status |\n| --- | --- |\n| MFA | Required [1] |\n| Logs | 90 days [S3] |');
    const cells = Array.from(document.querySelectorAll('td'));
    expect(cells.map((c) => c.textContent)).toEqual(['MFA', 'Required [1]', 'Logs', '90 days [S3]']);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('data-marker'))).toEqual(['1', 'S3']);
  });

  it('never renders raw HTML or images, and keeps only safe links', () => {
    show(
      'Hi <img src="https://evil.example/x.png"> <b>bold</b>\n\n![pixel](https://evil.example/p.png)\n\n' +
        '[ok](https://example.com) [mail](mailto:a@b.c) [bad](javascript:alert(1))',
    );
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    const links = Array.from(document.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com', 'mailto:a@b.c']);
    for (const a of links) expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('bad').closest('a')).toBeNull();
  });

  it('shows the quote, title, page and section on hover', async () => {
    show('Encrypted at rest [2].');
    fireEvent.mouseEnter(screen.getByRole('button').parentElement!);
    // Shown once placed, in the next frame.
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain('“second”');
    expect(tip.textContent).toContain('Vendor Security Policy');
    expect(tip.textContent).toContain('Page 7');
    expect(tip.textContent).toContain('4. Encryption');
  });
});
