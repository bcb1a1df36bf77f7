// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { ContentGate } from './content-gate.tsx';
import { guardBytes, guardContentOnce } from './content-guard.ts';
import { bombPdf } from '../../../testing/bomb-pdf.ts';
import { ViewerStoreProvider } from '../viewer-store.ts';

// The decompression-bomb gate in front of the pages. A document's bytes (those the opening read, or pdf.getData) are
// scanned once, whoever asks first (the opening, pdf-preload.ts, then the gate); a document here is a stand-in that
// hands out its bytes.

function fakePdf(getData: () => Promise<Uint8Array>): PDFDocumentProxy {
  return { getData } as unknown as PDFDocumentProxy;
}
/** The gate over a stand-in for the pages, in the viewer's store (its loading pane reads it). */
function renderGate(pdf: PDFDocumentProxy, onBlocked: (error: Error) => void = () => undefined) {
  return render(
    <ViewerStoreProvider>
      <ContentGate pdf={pdf} onBlocked={onBlocked}>
        <p>pages</p>
      </ContentGate>
    </ViewerStoreProvider>,
  );
}
const plainBytes = () => Promise.resolve(new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF'));

describe('ContentGate', () => {
  afterEach(cleanup);

  it('draws the pages in its first render when the check started at opening has passed', async () => {
    const getData = vi.fn(plainBytes);
    const pdf = fakePdf(getData);
    await guardContentOnce(pdf);
    renderGate(pdf);
    // No await: on screen at once, with no second scan of the bytes.
    expect(screen.getByText('pages')).toBeTruthy();
    expect(getData).toHaveBeenCalledTimes(1);
  });

  it('shows the loading pane until a check still running passes, and reads the bytes once', async () => {
    let release: (bytes: Uint8Array) => void = () => undefined;
    const getData = vi.fn(() => new Promise<Uint8Array>((resolve) => (release = resolve)));
    const pdf = fakePdf(getData);
    void guardContentOnce(pdf);
    renderGate(pdf);
    expect(screen.queryByText('pages')).toBeNull();
    await act(async () => release(await plainBytes()));
    expect(await screen.findByText('pages')).toBeTruthy();
    expect(getData).toHaveBeenCalledTimes(1);
  });

  it('never draws a document whose check fails, and hands the reason on', async () => {
    // 65 MiB of zeros in one content stream: past the 64 MiB limit (stream-bombs.ts).
    const bytes = await bombPdf(65);
    const pdf = fakePdf(() => Promise.resolve(bytes));
    void guardContentOnce(pdf);
    const onBlocked = vi.fn();
    renderGate(pdf, onBlocked);
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect((onBlocked.mock.calls[0]![0] as Error).name).toBe('ContentTooLargeError');
    expect(screen.queryByText('pages')).toBeNull();
  });

  it('scans the bytes the opening read itself (pdf-bytes.ts) without asking pdf.js for them, and refuses a bomb in them', async () => {
    const getData = vi.fn(plainBytes);
    const pdf = fakePdf(getData);
    void guardContentOnce(pdf, guardBytes(await bombPdf(65)));
    const onBlocked = vi.fn();
    renderGate(pdf, onBlocked);
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect((onBlocked.mock.calls[0]![0] as Error).name).toBe('ContentTooLargeError');
    expect(getData).not.toHaveBeenCalled();
  });
});
