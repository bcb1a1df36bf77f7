import { describe, expect, it } from 'vitest';
import { adaptPersianRag } from '../adapters/persian-rag/persian-rag.ts';
import { locateSource, readTextDocument } from './text-document.ts';

// persian_rag cites a Markdown document by code-point offsets (Python string indices). Adapted, its source keeps
// them with their unit, and the text viewer's locator highlights exactly the cited words, astral characters before
// them included.

const DOC = '# راهنما 📘\n\n## نصب\n\nبرای نصب 🚀 دستور `apt install agent` را اجرا کنید.\n\n## رفع اشکال\n\nگزارش‌ها در /var/log هستند.\n';

function cite(words: string, quote?: string) {
  const at = DOC.indexOf(words);
  const start = [...DOC.slice(0, at)].length;
  const { answer } = adaptPersianRag({
    id: 'a',
    documents: [{ id: 'guide', title: 'راهنما', url: '/api/documents/guide', mediaType: 'text/markdown' }],
    payload: { answer: 'نصب با apt [۱].', citations: [{ marker: '۱', document_id: 'guide', quote, start, end: start + [...words].length }] },
  });
  return answer.sources[0]!;
}

describe('persian_rag offsets in a Markdown source', () => {
  const doc = readTextDocument(DOC, 'markdown');

  it('highlights the code-point span, after emoji, without a quote', () => {
    const source = cite('گزارش‌ها در /var/log هستند.');
    expect(source.location).toMatchObject({ charUnit: 'codepoint' });
    const p = locateSource(doc, source);
    expect(p.by).toBe('offsets');
    expect(DOC.slice(p.ranges[0]!.start, p.ranges[0]!.end)).toBe('گزارش‌ها در /var/log هستند.');
    expect(p.context?.path).toEqual(['راهنما 📘', 'رفع اشکال']);
  });

  it('narrows the span to the quote it holds', () => {
    const source = cite('برای نصب 🚀 دستور `apt install agent` را اجرا کنید.', 'دستور apt install agent را اجرا کنید');
    const p = locateSource(doc, source);
    expect(DOC.slice(p.ranges[0]!.start, p.ranges[0]!.end)).toBe('دستور `apt install agent` را اجرا کنید');
  });
});
