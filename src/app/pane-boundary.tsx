import { Component, type ErrorInfo, type ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';

// One error boundary per pane (answer, each turn of a thread, review, viewer): a render crash in one pane shows a
// message with Retry in that pane only, and the other panes keep working. Decisions are not held by any pane (the
// review outbox writes them to IndexedDB at once), so a crashed and retried pane loses nothing.
// QueryErrorResetBoundary: Retry also resets the pane's failed queries, so they fetch again instead of re-throwing.

interface PaneBoundaryProps {
  /** The pane's name as the user sees it, e.g. "answer", "review", "document". */
  pane: string;
  children: ReactNode;
}

export function PaneBoundary({ pane, children }: PaneBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <CrashBoundary pane={pane} onReset={reset}>
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
    console.warn(`The ${this.props.pane} pane crashed`, error, info.componentStack);
  }

  private retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <PaneCrash pane={this.props.pane} error={error} onRetry={this.retry} />;
  }
}

function PaneCrash({ pane, error, onRetry }: { pane: string; error: Error; onRetry(): void }) {
  return (
    <div role="alert" data-pane-crash={pane} className="m-4 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900">
      <p className="font-semibold">The {pane} pane could not be shown</p>
      <p className="mt-1 break-words">{describeCrash(error)}</p>
      <p className="mt-1 text-xs text-rose-800">The other panes still work, and no review decision is lost.</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded border border-rose-300 bg-white px-3 py-1 font-medium text-rose-900 hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-rose-600"
      >
        Retry
      </button>
    </div>
  );
}

function describeCrash(error: Error): string {
  // A stack overflow is what a pathologically nested answer does to a recursive renderer: say it in words.
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'The content is nested too deeply to display.';
  return error.message || error.name || 'An unexpected error occurred.';
}
