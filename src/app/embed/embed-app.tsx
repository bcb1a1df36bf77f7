import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hasApiToken, onApiTokenChange, setApiToken } from '../../api/auth-token.ts';
import { configQuery, startEmbedSession } from '../../api/embed-client.ts';
import type { EmbedSessionRequest } from '../../api/embed-session-schema.ts';
import { createTranslator } from '../../core/i18n/translate.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { useLocaleStore } from '../../i18n/locale-store.ts';
import { AnswerView } from '../answer-view/answer-view.tsx';
import { useEmbedBridge } from './embed-bridge.ts';
import { useViewStore } from '../navigation/view-store.ts';

// The embed view (/embed, docs/embed.md): the answer view without the app's header or home page, talking to the
// portal through the postMessage API. Opened from a signed link, it first trades the link for a session token.

type Session = { kind: 'none' } | { kind: 'opening' } | { kind: 'open'; origin: string } | { kind: 'failed'; message: string };

/** The signed link's parameters, read once at start, before anything rewrites the address. */
function readSignedLink(search: string): EmbedSessionRequest | null {
  const q = new URLSearchParams(search);
  const answer = q.get('answer');
  const origin = q.get('origin');
  const exp = q.get('exp');
  const sig = q.get('sig');
  return answer !== null && origin !== null && exp !== null && sig !== null ? { answer, origin, exp, sig } : null;
}

const signedLink = typeof window === 'undefined' ? null : readSignedLink(window.location.search);

export function EmbedApp() {
  const config = useQuery(configQuery());
  const t = useTranslate();
  const [session, setSession] = useState<Session>(signedLink ? { kind: 'opening' } : { kind: 'none' });

  useEffect(() => {
    if (!signedLink) return;
    const controller = new AbortController();
    startEmbedSession(signedLink, controller.signal)
      .then(
        (s) => {
          if (controller.signal.aborted) return;
          setApiToken(s.token);
          setSession({ kind: 'open', origin: s.origin });
        },
        (e: unknown) => {
          if (controller.signal.aborted) return;
          setSession({ kind: 'failed', message: e instanceof Error ? e.message : createTranslator(useLocaleStore.getState().locale)('embed.linkFailed') });
        },
      )
      .finally(() => {
        // The link is a credential: out of the address bar (and so out of copied links and the history) once used.
        // Writing the view back drops every parameter that is not part of it: origin, exp and sig.
        if (!controller.signal.aborted) useViewStore.getState().setDisplay({});
      });
    return () => controller.abort();
  }, []);

  // A signed link's session names the one portal it was made for; otherwise, any origin the server allows.
  const allowedOrigins = session.kind === 'open' ? [session.origin] : session.kind === 'opening' ? null : (config.data?.embedOrigins ?? null);
  // A server that requires a token, and none yet: the answer is not asked for until the portal's token comes (asked
  // without it, it failed with 401 and the portal heard `unauthorized` right after `ready`, every time, although its
  // token was on its way). `ready` says a token is needed.
  const token = useSyncExternalStore(onApiTokenChange, hasApiToken, () => false);
  const needsToken = config.data?.auth.required === true && session.kind === 'none' && !token;
  useEmbedBridge({
    allowedOrigins,
    needsToken,
    features: config.data?.features ?? { review: false, ask: false },
    startupError: session.kind === 'failed' ? { code: 'embed-link', message: session.message } : null,
  });

  const answer = useViewStore((s) => s.view.answer);
  return (
    <div className="flex h-dvh flex-col bg-slate-50 text-slate-900">
      {session.kind === 'opening' ? (
        <p role="status" className="p-6 text-sm text-slate-500">
          {t('embed.opening')}
        </p>
      ) : session.kind === 'failed' ? (
        <div role="alert" className="m-6 rounded-md border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">
          {session.message}
        </div>
      ) : answer && config.status === 'pending' ? (
        // Whether a token is needed is not known yet: asking for the answer now could only fail for want of one.
        <p role="status" className="p-6 text-sm text-slate-500">
          {t('embed.opening')}
        </p>
      ) : answer && needsToken ? (
        <p role="status" data-waiting-token="" className="p-6 text-sm text-slate-500">
          {t('embed.waitingToken')}
        </p>
      ) : answer ? (
        <AnswerView key={answer} answerId={answer} />
      ) : (
        <p role="status" className="p-6 text-sm text-slate-500">
          {t('embed.waiting')}
        </p>
      )}
    </div>
  );
}
