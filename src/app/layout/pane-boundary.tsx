import { Component, type ErrorInfo, type ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import type { Translate } from '../../core/i18n/translate.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// One error boundary per pane (answer, each turn of a thread, review, viewer): a render crash in one pane shows a
// message with Retry in that pane only, and the other panes keep working. Decisions are not held by any pane (the
// review outbox writes them to IndexedDB at once), so a crashed and retried pane loses nothing.
// QueryErrorResetBoundary: Retry also resets the pane's failed queries, so they fetch again instead of re-throwing.
// The app's own sections (the home page, the answer view as a whole, the embedded view, the local files' layer) have one too, so that a
// crash, or a chunk that failed to download, leaves the header and a Retry instead of an empty page.

/** The panes whose names are in the catalogs. */
const PANE_NAMES = {
  answer: 'pane.answer',
  review: 'pane.review',
  document: 'pane.document',
  home: 'pane.home',
  view: 'pane.view',
  embed: 'pane.embed',
  localFiles: 'pane.localFiles',
} as const;
type Pane = keyof typeof PANE_NAMES;

/** The split view's panes, beside which the others keep working; the rest are whole sections of the page. */
const isSplitPane = (pane: Pane) => pane === 'answer' || pane === 'review' || pane === 'document';

interface PaneBoundaryProps {
  pane: Pane;
  /** A thread's turn: the pane is that turn's answer ("answer (turn 2)"). */
  turn?: number;
  children: ReactNode;
}

export function PaneBoundary({ pane, turn, children }: PaneBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <CrashBoundary
          pane={pane}
          turn={turn}
          // Retry renders the pane again: its failed queries fetch again, and a lazy pane whose download failed
          // imports it again as it mounts (src/hooks/retryable-lazy.tsx).
          onReset={reset}
        >
          {children}
        </CrashBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

interface CrashBoundaryProps extends PaneBoundaryProps {
  onReset(): void;
}

class CrashBoundary extends Component<CrashBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A warning, not an error: the crash is handled and shown in the pane (main.tsx reports caught errors the same way).
    console.warn(`The ${paneId(this.props)} pane crashed`, error, info.componentStack);
  }

  private retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <PaneCrash pane={this.props.pane} turn={this.props.turn} error={error} onRetry={this.retry} />;
  }
}

/** The pane as the console and `data-pane-crash` name it (English, for people and tests reading the page's code). */
function paneId({ pane, turn }: { pane: string; turn?: number | undefined }): string {
  return turn === undefined ? pane : `${pane} (turn ${turn})`;
}

function paneName(pane: Pane, turn: number | undefined, t: Translate): string {
  return turn === undefined ? t(PANE_NAMES[pane]) : t('pane.turn', { pane: t(PANE_NAMES[pane]), turn });
}

function PaneCrash({ pane, turn, error, onRetry }: { pane: Pane; turn: number | undefined; error: Error; onRetry(): void }) {
  const t = useTranslate();
  const split = isSplitPane(pane);
  return (
    <div role="alert" data-pane-crash={paneId({ pane, turn })} className="m-4 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900">
      <p className="font-semibold">{t(split ? 'pane.crashed' : 'pane.sectionCrashed', { pane: paneName(pane, turn, t) })}</p>
      <p className="mt-1 break-words">{describeCrash(error, t)}</p>
      {split && <p className="mt-1 text-xs text-rose-800">{t('pane.othersWork')}</p>}
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded border border-rose-300 bg-white px-3 py-1 font-medium text-rose-900 hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-rose-600"
      >
        {t('common.retry')}
      </button>
    </div>
  );
}

function describeCrash(error: Error, t: Translate): string {
  // A stack overflow is what a pathologically nested answer does to a recursive renderer: say it in words.
  if (error instanceof RangeError && /call stack/i.test(error.message)) return t('pane.tooDeep');
  // A lazy chunk that did not download: Chromium, Firefox and Safari word it differently, none of them for people.
  if (/dynamically imported module|importing a module script failed|unable to preload/i.test(error.message)) return t('pane.codeFailed');
  return error.message || error.name || t('pane.unexpected');
}
