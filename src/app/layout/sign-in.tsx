import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { checkAuth } from '../../api/auth-check.ts';
import { hasApiToken, isValidToken, setApiToken } from '../../api/auth-token.ts';
import { configQuery } from '../../api/embed-client.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// The full app's way to a server with API tokens (issue 34: with CITELENS_API_TOKENS set, the app at / had no way to
// receive a token; only embedding portals could hand one over). When the server says a token is required:
// - first the page asks once without one, for a reverse proxy that adds `Authorization` itself (docs/security.md);
// - if that is refused, a sign-in form asks for the token, checks it, and keeps it in this tab's memory only
//   (api/auth-token.ts: never in storage, a URL or a log): a reload or a new tab asks again.
// Nothing waits for the server's settings when no token is required: the page renders at once, as before.

type FormState = { kind: 'idle' } | { kind: 'checking' } | { kind: 'problem'; message: string };

export function SignInGate({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const config = useQuery(configQuery());
  const [signedIn, setSignedIn] = useState(hasApiToken);
  const needed = config.data?.auth.required === true && !signedIn;
  const proxy = useQuery({
    queryKey: ['auth', 'without-token'],
    queryFn: ({ signal }) => checkAuth(null, signal),
    enabled: needed,
    staleTime: Infinity,
    retry: false,
  });
  if (!needed || proxy.data === 'accepted') return children;
  if (proxy.status === 'pending') {
    return (
      <p role="status" className="mx-auto mt-8 text-sm text-slate-500">
        {t('signIn.checking')}
      </p>
    );
  }
  return <SignInForm onSignedIn={() => setSignedIn(true)} />;
}

function SignInForm({ onSignedIn }: { onSignedIn(): void }) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  const [state, setState] = useState<FormState>({ kind: 'idle' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = token.trim();
    if (!isValidToken(typed)) {
      setState({ kind: 'problem', message: t('signIn.malformed') });
      return;
    }
    setState({ kind: 'checking' });
    checkAuth(typed).then(
      (verdict) => {
        if (verdict === 'refused') {
          setState({ kind: 'problem', message: t('signIn.refused') });
          return;
        }
        setApiToken(typed);
        // What failed for want of the token (the answer list, a review) is asked again with it.
        void queryClient.resetQueries();
        onSignedIn();
      },
      (err: unknown) => setState({ kind: 'problem', message: t('signIn.failed', { message: err instanceof Error ? err.message : String(err) }) }),
    );
  };

  return (
    <main className="mx-auto w-full max-w-md flex-1 px-6 py-10">
      <h1 className="text-xl font-semibold">{t('signIn.title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('signIn.intro')}</p>
      <form onSubmit={submit} className="mt-5 space-y-3">
        <label className="block text-sm font-medium text-slate-800">
          {t('signIn.token')}
          <input
            type="password"
            name="citelens-api-token"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            className="mt-1 block w-full rounded border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm text-slate-900"
          />
        </label>
        <button
          type="submit"
          disabled={state.kind === 'checking' || token.trim() === ''}
          className="rounded bg-indigo-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-800 disabled:opacity-60"
        >
          {state.kind === 'checking' ? t('signIn.checking') : t('signIn.submit')}
        </button>
        {state.kind === 'problem' ? (
          <p role="alert" className="text-sm text-red-800">
            {state.message}
          </p>
        ) : null}
      </form>
    </main>
  );
}
