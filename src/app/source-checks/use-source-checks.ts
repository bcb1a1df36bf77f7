import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchDocumentVersion } from '../../api/document-version.ts';
import { storeOrigins } from '../../api/store-origins.ts';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import { documentKind } from '../../core/model/document-kind.ts';
import type { Answer } from '../../core/model/types.ts';
import { accessFromHttpStatus, deniedAccess, failedAccess, loadedDocumentCheck } from '../../core/review/document-check.ts';
import type { LoadProblem } from '../../core/review/review-message.ts';
import { addressRefusal } from '../../core/documents/document-address.ts';
import { lookedFor } from '../../core/documents/match-document-file.ts';
import { isMissingLocalFile } from '../../features/local-files/local-answer.ts';
import { loadProblem } from '../../features/viewer/document/load-failure.ts';
import { openDocumentText } from '../../features/viewer/document/open-document-text.ts';
import type { DocumentTextCache } from '../../features/viewer/text-layer/text-cache.ts';
import { useReviewChecksStore } from './review-checks-store.ts';
import { checkTextDocument, citedTextDocuments } from './text-source-checks.ts';

// Runs core/review's checkSource for every cited source of the answer, in the background (in the locate worker),
// and puts each result into the checks store as it comes (the badges fill in one by one). The document on screen
// is checked first, over the viewer's own text cache and search index (no second parse); the other cited documents
// are then opened one at a time, checked and closed. A new answer, a new viewer document or unmounting aborts the
// run; what was finished is kept, so a restart only does the rest.

const CHECK_DELAY_MS = 800;
const OPEN_DELAY_MS = 2500;
/** While the viewer works on a citation (its page, text and passage search), the checks wait at most this long. */
const BUSY_DELAY_MS = 10_000;

export interface ViewerText {
  documentId: string;
  cache: DocumentTextCache;
}

export interface SourceChecksCallbacks {
  /** The viewer hands over (or, with null, withdraws) the open document's text cache. */
  onTextCache(documentId: string, cache: DocumentTextCache | null): void;
  /**
   * The viewer could not open a document: its citations settle now with the viewer's reason (never "Checking the
   * quote…" for a file that will not open), and the checks do not open it a second time to find the same.
   */
  onDocumentFailed(documentId: string, failure: { status: number | null; problem: LoadProblem }): void;
}

/** Returns the callbacks the viewer reports its text cache and its load failures to. */
export function useSourceChecks(
  answer: Answer,
  model: AnswerModel,
  /** The document the viewer shows: checked over its cache when it comes, so opened here only as a last resort. */
  shownDocumentId: string | undefined,
  /**
   * The viewer is bringing a citation on screen (clicked, not yet highlighted). The checks share its pdf.js worker,
   * which answers one request at a time, so a run in progress stops (what it finished is kept) and waits until the
   * highlight is drawn, or BUSY_DELAY_MS at most, so the citation the reader asked for is never queued behind them.
   */
  viewerBusy = false,
): SourceChecksCallbacks {
  const [viewerText, setViewerText] = useState<ViewerText | null>(null);
  const done = useRef(new Set<string>());
  /** Documents settled by the viewer's load failure: checked after all when a Retry opens them. */
  const failedInViewer = useRef(new Set<string>());
  const queryClient = useQueryClient();
  const [onTextCache] = useState(() => (documentId: string, cache: DocumentTextCache | null) => {
    if (cache && failedInViewer.current.delete(documentId)) done.current.delete(documentId);
    setViewerText((current) => (cache ? { documentId, cache } : current?.documentId === documentId ? null : current));
  });
  const answerId = answer.id;
  const onDocumentFailed = useCallback(
    (documentId: string, { status, problem }: { status: number | null; problem: LoadProblem }) => {
      // Every reason as data too (`message`), so the references and the review word it in the UI's language.
      useReviewChecksStore.getState().setDocument(answerId, {
        documentId,
        access: status === 401 || status === 403 || status === 404 ? accessFromHttpStatus(status) : failedAccess({ kind: 'open-failed', problem }),
      });
      done.current.add(documentId);
      failedInViewer.current.add(documentId);
    },
    [answerId],
  );

  useEffect(() => {
    done.current = new Set();
  }, [answer]);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const store = useReviewChecksStore.getState();
    const cited = new Set(model.sources.map((s) => s.documentId));
    // A local answer's document whose file was not given: nothing to open; the review says which file is missing.
    for (const d of answer.documents) {
      if (!cited.has(d.id) || !isMissingLocalFile(d) || done.current.has(d.id)) continue;
      store.setDocument(answer.id, { documentId: d.id, access: deniedAccess({ kind: 'local-file-missing', lookedFor: lookedFor(d) }) });
      done.current.add(d.id);
    }
    // An address that is not http(s) or relative (`javascript:`, `file:`, `data:`): refused, never requested.
    for (const d of answer.documents) {
      const refusal = addressRefusal(d.url);
      if (!cited.has(d.id) || !refusal || done.current.has(d.id)) continue;
      store.setDocument(answer.id, { documentId: d.id, access: failedAccess({ kind: 'address-refused', refusal }) });
      done.current.add(d.id);
    }
    // The shown document last: by then the viewer has usually handed over its cache (which restarts this run);
    // it is opened here only when the viewer could not load it (locked, damaged) and so never will.
    const documents = answer.documents
      // Only PDFs of our store: a web page is on another origin (the CSP blocks the fetch), a generated file nowhere.
      .filter((d) => cited.has(d.id) && !isMissingLocalFile(d) && !addressRefusal(d.url) && documentKind(d, storeOrigins()).kind === 'pdf')
      .sort((a, b) => Number(a.id === shownDocumentId) - Number(b.id === shownDocumentId));

    const checkDocument = async (documentId: string, cache: DocumentTextCache) => {
      // In the locate worker, over the document's own index (the viewer's quotes and find fill the same one).
      for (const source of model.sources) {
        if (source.documentId !== documentId) continue;
        signal.throwIfAborted();
        const check = await cache.locator.check(source, answer.coords, signal);
        signal.throwIfAborted();
        store.setSources(answer.id, { [source.id]: check });
      }
      const hasTextLayer = await cache.locator.textLayer(signal);
      const url = answer.documents.find((d) => d.id === documentId)?.url;
      const version = url ? await fetchDocumentVersion(url, signal) : undefined;
      signal.throwIfAborted();
      store.setDocument(
        answer.id,
        loadedDocumentCheck(documentId, {
          pageCount: cache.pageCount,
          ...(hasTextLayer !== undefined && { hasTextLayer }),
          ...(version !== undefined && { version }),
        }),
      );
      done.current.add(documentId);
    };

    const run = async () => {
      // Markdown and plain-text sources: no pdf.js, a quick read of text the viewer may have fetched already.
      for (const { doc, format } of citedTextDocuments(answer, cited)) {
        if (done.current.has(doc.id)) continue;
        await checkTextDocument(queryClient, answer, model, doc, format, signal);
        done.current.add(doc.id);
      }
      if (viewerText && cited.has(viewerText.documentId) && !done.current.has(viewerText.documentId)) {
        await checkDocument(viewerText.documentId, viewerText.cache);
      }
      for (const d of documents) {
        if (done.current.has(d.id) || d.id === viewerText?.documentId) continue;
        let opened;
        try {
          opened = await openDocumentText(d.url, signal);
        } catch (e) {
          signal.throwIfAborted();
          const status = (e as { status?: unknown })?.status;
          store.setDocument(answer.id, {
            documentId: d.id,
            // Not an HTTP failure: what pdf.js (or the bomb check) said, worded as the viewer words it.
            access:
              typeof status === 'number'
                ? accessFromHttpStatus(status)
                : e instanceof Error
                  ? failedAccess({ kind: 'open-failed', problem: loadProblem(e) })
                  : failedAccess({ kind: 'load-failed', detail: String(e) }),
          });
          done.current.add(d.id);
          continue;
        }
        try {
          await checkDocument(d.id, opened.cache);
        } finally {
          opened.close();
        }
      }
    };
    // Background work: leave the viewer's first pages and its own passage search the worker first (pdf.js's worker
    // answers one request at a time). Sooner when the viewer has handed over its document, later when it has not:
    // it usually does within a second, and then the shown document need not be opened a second time.
    const pendingShown = viewerText !== null && cited.has(viewerText.documentId) && !done.current.has(viewerText.documentId);
    const timer = setTimeout(
      () => {
        run().catch((e: unknown) => {
          if (!signal.aborted) console.warn('citelens: background citation checks stopped', e);
        });
      },
      viewerBusy ? BUSY_DELAY_MS : pendingShown ? CHECK_DELAY_MS : OPEN_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [answer, model, viewerText, shownDocumentId, queryClient, viewerBusy]);

  return useMemo(() => ({ onTextCache, onDocumentFailed }), [onTextCache, onDocumentFailed]);
}
