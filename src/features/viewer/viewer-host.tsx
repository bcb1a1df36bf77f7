import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { CitationChecksContext, type ViewerCitationCheck } from './citation-checks.ts';
import type { LoadFailure } from './document/load-failure.ts';
import type { DocumentTextCache } from './text-layer/text-cache.ts';

// The one channel between a viewer and the page that hosts it (pdf.js's viewer has its EventBus for the same reason).
// Components deep in the viewer (the pages, the target's navigation, a document's loading, the switcher, the find
// bar, the text viewer) report here instead of taking a callback prop through every level between them and the root;
// the host handles each event in one exhaustive switch. The other way, the host hands the viewer the review's verdicts
// (`checks`, read by `useCitationCheck`) at the same root.

/** What became of a target in this document: where its highlight was drawn, or that it was not located. */
export interface AnchorResult {
  sourceId: string;
  found: boolean;
  /** The locator's score (1 = exact); null for boxes the answer gave, and when not found. */
  score: number | null;
  /** The page of the first region; the hinted page when not found. */
  page: number;
  /** The page of each highlighted region, in reading order (null for a source without pages); empty when not found. */
  regionPages: (number | null)[];
  /** The passage drawn is where the quote was taken from, but it says something else (a number, a name differs). */
  differs?: boolean;
}

/** What a viewer tells its host: reports of what happened, and requests only the host can carry out. */
export type ViewerEvent =
  /** The target's highlight was drawn, or its passage was not located (once per target). */
  | { kind: 'anchored'; result: AnchorResult }
  /** The most visible page changed (for the URL). */
  | { kind: 'page-changed'; page: number }
  /** The reader stepped to another region (0-based) of the target. */
  | { kind: 'region-changed'; region: number }
  /**
   * The open document's text cache (null when it closes), so the host can run its own checks over the same text and
   * search index instead of parsing the PDF a second time. `documentId` is the document it belongs to.
   */
  | { kind: 'text-cache'; documentId: string; cache: DocumentTextCache | null }
  /** The document could not be opened (damaged, empty, not found, locked, too large): the reason the pane shows. */
  | { kind: 'load-failed'; documentId: string; failure: LoadFailure }
  /** Show another document of the answer (the switcher, a find result elsewhere, a target in another document). */
  | { kind: 'open-document'; documentId: string }
  /** Keyboard `]`/`[` in the viewer: step the target's regions (the host owns the region). */
  | { kind: 'step-region'; delta: 1 | -1 }
  /** Keyboard `.`/`,` in the viewer: open the answer's next/previous citation. */
  | { kind: 'step-citation'; delta: 1 | -1 };

export type ViewerEventHandler = (event: ViewerEvent) => void;

interface HostValue {
  emit: ViewerEventHandler;
  /** The document the viewer shows: events about a document carry the id it had when they were made. */
  documentId: string;
}

const ViewerHostContext = createContext<HostValue | null>(null);

const NO_CHECKS: ReadonlyMap<string, ViewerCitationCheck> = new Map();

export interface ViewerHostProps {
  documentId: string;
  /** Every event of the viewer; its identity may change on every render (the latest one is called). */
  onEvent?: ViewerEventHandler | undefined;
  /** The answer's citations' verdicts by source id, as the review reads them (keep the map stable). */
  checks?: ReadonlyMap<string, ViewerCitationCheck> | undefined;
  children: ReactNode;
}

/** Provided at the viewer's root (PdfViewer, and DocumentViewer for the documents pdf.js does not draw). */
export function ViewerHost({ documentId, onEvent, checks = NO_CHECKS, children }: ViewerHostProps) {
  // A stable `emit` that calls the latest handler: a new handler identity re-renders no consumer and re-runs no effect.
  const latest = useRef(onEvent);
  useLayoutEffect(() => {
    latest.current = onEvent;
  });
  const emit = useCallback<ViewerEventHandler>((event) => latest.current?.(event), []);
  const value = useMemo(() => ({ emit, documentId }), [emit, documentId]);
  return (
    <ViewerHostContext value={value}>
      <CitationChecksContext value={checks}>{children}</CitationChecksContext>
    </ViewerHostContext>
  );
}

const DETACHED: HostValue = { emit: () => undefined, documentId: '' };

/**
 * The viewer's channel to its host. A component rendered without a host (a unit test of one part) reports to no one.
 * Read `documentId` while rendering: a document's pane is keyed by its address, so a pane that closes reports its
 * last events (its text cache going) under its own id, not the next document's.
 */
export function useViewerHost(): HostValue {
  return useContext(ViewerHostContext) ?? DETACHED;
}
