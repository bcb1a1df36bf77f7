// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { documentKind } from '../../../core/model/document-kind.ts';
import type { DocumentRef, Source } from '../../../core/model/types.ts';
import { SourceCard } from './source-card.tsx';

afterEach(cleanup);
// jsdom has no layout, so no scrollIntoView: recorded instead, to check that the marked words are brought into view.
const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});

const web: DocumentRef = { id: 'web1', title: 'What is Ruby? - Oracle', url: 'https://www.oracle.com/developer/ruby/' };
const card = (doc: DocumentRef, sources: Source[], sourceId = sources[0]!.id, quote?: string) => {
  const kind = documentKind(doc, ['http://localhost:3000']);
  if (kind.kind === 'pdf' || kind.kind === 'text') throw new Error('not a card');
  render(<SourceCard doc={doc} kind={kind} sources={sources} target={{ sourceId, markerKey: '1', documentId: doc.id, nonce: 1, ...(quote && { quote }) }} />);
};

describe('SourceCard', () => {
  it('shows a web page by title, site and date, with a safe link and the cited words marked in its passage', () => {
    card(web, [{ id: 'S1', documentId: 'web1', text: 'Ruby is a <b>scripting</b> language. It is robust.', quote: 'It is robust', date: '2024-06-10' }]);
    expect(screen.getByRole('heading', { name: 'What is Ruby? - Oracle' })).toBeTruthy();
    expect(screen.getByText('oracle.com · 10 Jun 2024')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open page ↗' });
    expect(open.getAttribute('href')).toBe('https://www.oracle.com/developer/ruby/');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    const mark = document.querySelector('mark[data-highlight][data-source-id="S1"]');
    expect(mark?.textContent).toBe('It is robust');
    expect(scrolled).toEqual([mark]);
    // Payload text is text: the <b> is shown, not rendered.
    expect(document.querySelector('blockquote b')).toBeNull();
    expect(document.querySelector('blockquote')?.textContent).toContain('<b>scripting</b>');
  });

  it('links the page the source was read from when it names one, and says when no passage was sent', () => {
    card(web, [{ id: 'S1', documentId: 'web1', url: 'https://blogs.oracle.com/ruby-post' }]);
    expect(screen.getByRole('link', { name: 'Open page ↗' }).getAttribute('href')).toBe('https://blogs.oracle.com/ruby-post');
    expect(screen.getByRole('status').textContent).toContain('sent no passage');
    expect(document.querySelector('mark')).toBeNull();
  });

  it('says so when the cited words are not in the passage, and marks nothing', () => {
    card(web, [{ id: 'S1', documentId: 'web1', text: 'Ruby is robust.' }], 'S1', 'Python is fast');
    expect(document.querySelector('mark')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('“Python is fast” are not in this passage');
  });

  it('explains that a generated file cannot be opened, with its container and the quote', () => {
    const doc: DocumentRef = {
      id: 'cfile_1',
      title: 'sums.txt',
      url: 'https://api.openai.com/v1/containers/cntr_9/files/cfile_1/content',
      generated: { fileId: 'cfile_1', containerId: 'cntr_9', filename: 'sums.txt' },
    };
    card(doc, [{ id: 'S1', documentId: 'cfile_1', quote: 'TOTAL: 70024' }]);
    expect(screen.getByRole('heading', { name: 'sums.txt' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'The model generated this file in its sandbox (container cntr_9). It exists only there, so citelens cannot open it.',
    );
    expect(screen.getByText('“TOTAL: 70024”')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
