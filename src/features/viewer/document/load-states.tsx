import { Component, useId, useState, type ErrorInfo, type ReactNode } from 'react';
import { useViewerStore } from '../viewer-store.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';
import { describeLoadError, httpStatus } from './load-failure.ts';

// What the pane shows while a document is not (yet) on screen: download progress, a password form, an error.
// Never a blank pane.

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Shown instead of the children after an error. */
  fallback(error: Error): ReactNode;
}

/** Load errors are shown by <Document>'s own error slot; this boundary catches anything unexpected in rendering. */
export class ViewerErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('PDF viewer error', error, info.componentStack);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function LoadError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const t = useTranslate();
  const locked = accessStatus(error);
  if (locked !== null) {
    // Locked evidence: say so, show nothing of the document (there is nothing to show), offer to try again (a token
    // handed over later by a portal may open it).
    return (
      <Centered>
        <div role="alert" data-locked-document="" className="max-w-md rounded-md border border-amber-300 bg-white p-4 text-sm text-slate-700 shadow-sm">
          <p className="font-medium text-amber-800">🔒 {t('viewer.locked', { status: locked })}</p>
          <p className="mt-1 text-xs text-slate-500">{t('viewer.lockedHint')}</p>
          {onRetry ? <RetryButton onRetry={onRetry} /> : null}
        </div>
      </Centered>
    );
  }
  return (
    <Centered>
      <div role="alert" className="max-w-md rounded-md border border-red-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
        <p className="font-medium text-red-700">{t('viewer.openFailed', { reason: describeLoadError(error, t) })}</p>
        {onRetry ? <RetryButton onRetry={onRetry} /> : null}
      </div>
    </Centered>
  );
}

function RetryButton({ onRetry }: { onRetry(): void }) {
  const t = useTranslate();
  return (
    <button
      type="button"
      onClick={onRetry}
      className="mt-3 h-8 rounded border border-slate-300 bg-white px-3 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      {t('common.retry')}
    </button>
  );
}

/** 401 or 403 on the document: locked evidence. */
function accessStatus(error: Error): number | null {
  const status = httpStatus(error);
  return status === 401 || status === 403 ? status : null;
}

export function LoadingPane() {
  const t = useTranslate();
  const progress = useViewerStore((s) => s.loadProgress);
  // total is 0 when the server sent no Content-Length: then the bar is indeterminate (no aria-valuenow).
  const pct = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  return (
    <Centered>
      <div className="w-64 text-center text-sm text-slate-500">
        <p>{t('viewer.loadingPdf')}</p>
        {progress && (
          <div
            role="progressbar"
            aria-label={t('viewer.pdfDownload')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct ?? undefined}
            className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={`h-full rounded-full bg-blue-600 transition-[width] ${pct === null ? 'w-1/3 animate-pulse' : ''}`}
              style={pct === null ? undefined : { width: `${pct}%` }}
            />
          </div>
        )}
      </div>
    </Centered>
  );
}

interface PasswordFormProps {
  incorrect: boolean;
  onSubmit(password: string): void;
}

/** Our own password form (react-pdf's default is window.prompt). */
export function PasswordForm({ incorrect, onSubmit }: PasswordFormProps) {
  const t = useTranslate();
  const [password, setPassword] = useState('');
  const id = useId();
  const open = () => {
    // pdf.js compares passwords as NFC (its own viewer normalises them): "pässwört" typed with a combining diaeresis
    // (NFD, as some keyboards and IMEs send it) must open the same file.
    onSubmit(password.normalize('NFC'));
    setPassword('');
  };
  // Enter and the button act by themselves instead of submitting the form: a frame sandboxed without allow-forms (an
  // embedding portal's usual sandbox) blocks a form submission before its submit event, so onSubmit never runs.
  return (
    <Centered>
      <form
        className="w-72 rounded-md border border-slate-200 bg-white p-4 text-sm shadow-sm"
        onSubmit={(e) => {
          e.preventDefault();
          open();
        }}
      >
        <label className="block font-medium text-slate-700" htmlFor={id}>
          {t('viewer.passwordProtected')}
        </label>
        {incorrect && (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {t('viewer.wrongPassword')}
          </p>
        )}
        <input
          id={id}
          type="password"
          autoFocus
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            open();
          }}
          className="mt-2 h-8 w-full rounded border border-slate-300 px-2 focus-visible:outline-2 focus-visible:outline-blue-600"
        />
        <button
          type="submit"
          onClick={(e) => {
            e.preventDefault();
            open();
          }}
          className="mt-3 h-8 w-full rounded bg-blue-600 font-medium text-white hover:bg-blue-700"
        >
          {t('viewer.open')}
        </button>
      </form>
    </Centered>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="absolute inset-0 grid place-items-center bg-slate-100 p-6">{children}</div>;
}
