import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslate } from '../../i18n/use-translate.ts';

// The last boundary, around the whole app: what the panes' and sections' own boundaries (pane-boundary.tsx) did not
// catch, such as a crash in the header or in the providers, would otherwise leave an empty page. It says so and
// offers a reload; nothing is lost by one (decisions are in IndexedDB, the view is in the address).

export class RootBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A warning, like the panes' crashes: handled and shown (main.tsx reports caught errors the same way).
    console.warn('The app crashed', error, info.componentStack);
  }

  override render() {
    return this.state.crashed ? <AppCrash /> : this.props.children;
  }
}

function AppCrash() {
  const t = useTranslate();
  return (
    <div role="alert" data-app-crash="" className="mx-auto mt-16 max-w-md rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900">
      <p className="font-semibold">{t('root.crashed')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-3 rounded border border-rose-300 bg-white px-3 py-1 font-medium text-rose-900 hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-rose-600"
      >
        {t('root.reload')}
      </button>
    </div>
  );
}
