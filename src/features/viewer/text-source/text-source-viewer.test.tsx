// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';
import type { DocumentRef, Source } from '../../../core/model/types.ts';
import { ViewerHost, type ViewerEvent } from '../viewer-host.tsx';
import { TextSourceViewer } from './text-source-viewer.tsx';

// The text viewer as a reader meets it: the document's words with the cited ones marked, the section as a
// breadcrumb, and a clear message instead of a frozen tab when the file is too large.

const RUNBOOK = '# Runbook\n\n## Setup\n\nInstall it.\n\n### Linux\n\nRun `apt install agent` as root.\n\n## Operations\n\nWatch it.\n';
const doc: DocumentRef = { id: 'runbook', title: 'Runbook', url: '/api/documents/runbook', mediaType: 'text/markdown' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});

function show(body: string, headers: Record<string, string>, source: Source, target: Partial<HighlightTarget> = {}, onEvent?: (event: ViewerEvent) => void) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { headers })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const t: HighlightTarget = { sourceId: source.id, markerKey: '1', documentId: doc.id, nonce: 1, ...(source.quote && { quote: source.quote }), ...target };
  render(
    <QueryClientProvider client={client}>
      <ViewerHost documentId={doc.id} onEvent={onEvent}>
        <TextSourceViewer doc={doc} format="markdown" sources={[source]} target={t} />
      </ViewerHost>
    </QueryClientProvider>,
  );
}

const marked = () =>
  Array.from(document.querySelectorAll('mark[data-highlight]'))
    .map((m) => m.textContent)
    .join('');

describe('TextSourceViewer', () => {
  it('marks a quote across inline code, scrolls to it, and shows its section path', async () => {
    show(RUNBOOK, { 'content-type': 'text/markdown' }, { id: 'S1', documentId: 'runbook', quote: 'Run apt install agent as root' });
    await waitFor(() => expect(marked()).toBe('Run apt install agent as root'));
    expect(scrolled[0]?.tagName).toBe('MARK');
    expect(screen.getByRole('navigation', { name: 'Section' }).getAttribute('data-section-path')).toBe('Runbook > Setup > Linux');
  });

  it('opens a section-only citation on its section and says when the path matches only in part', async () => {
    show(RUNBOOK, { 'content-type': 'text/markdown' }, { id: 'S1', documentId: 'runbook', section: 'Setup > Windows' });
    await waitFor(() => expect(marked()).toContain('Install it.'));
    expect(marked()).toContain('Run apt install agent as root.');
    expect(marked()).not.toContain('Watch it.');
    expect(screen.getByRole('status').textContent).toMatch(/“Windows” is not there/);
    expect(screen.getByRole('navigation', { name: 'Section' }).getAttribute('data-section-path')).toBe('Runbook > Setup');
  });

  it('tells its host once where the citation landed, and that a quote the document does not have was not found', async () => {
    const events: ViewerEvent[] = [];
    show(RUNBOOK, { 'content-type': 'text/markdown' }, { id: 'S1', documentId: 'runbook', quote: 'Run apt install agent as root' }, {}, (e) => events.push(e));
    await waitFor(() => expect(events.map((e) => e.kind)).toContain('anchored'));
    expect(events).toEqual([{ kind: 'anchored', result: { sourceId: 'S1', found: true, score: null, page: 1, regionPages: [null] } }]);
    cleanup();

    events.length = 0;
    show(RUNBOOK, { 'content-type': 'text/markdown' }, { id: 'S2', documentId: 'runbook', quote: 'Reboot the cluster twice' }, {}, (e) => events.push(e));
    await waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({ kind: 'anchored', result: { sourceId: 'S2', found: false, score: null, page: 1, regionPages: [] } });
  });

  it('says a file is too large to show instead of reading it', async () => {
    show('x', { 'content-type': 'text/markdown', 'content-length': String(50 * 1024 * 1024) }, { id: 'S1', documentId: 'runbook', quote: 'x' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Could not open this document: The document is larger than 2 MB/);
  });
});
