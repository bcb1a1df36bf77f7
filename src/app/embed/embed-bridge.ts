import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setApiToken } from '../../api/auth-token.ts';
import { isApiError, type AnswerResult } from '../../api/client.ts';
import { addInlineAnswer } from '../../api/inline-answers.ts';
import { answerQuery, queryKeys } from '../../api/queries.ts';
import { buildAnswerModel, type AnswerModel } from '../../core/model/answer-model.ts';
import { PANES } from '../../features/embed/display-params.ts';
import { EmbedChannel } from '../../features/embed/embed-channel.ts';
import type { EmbedErrorCode, EmbedVerdict, InboundMessage, OutboundPayload } from '../../features/embed/embed-messages.ts';
import { onAppEvent } from './app-events.ts';
import { citationTarget } from '../navigation/citation-target.ts';
import { startResizeReports } from './embed-resize.ts';
import { useViewStore } from '../navigation/view-store.ts';
import { viewLink } from '../navigation/view-link.ts';

// Where the postMessage API (src/features/embed) meets the app: portal messages become view-store actions, and what
// happens in the app (a citation opened, a passage anchored, a decision stored, the content's height, a failure)
// becomes messages to the portal. docs/embed.md lists every message.

export interface EmbedBridgeOptions {
  /** Origins a handshake may come from; null while unknown (config or signed-link session pending). */
  allowedOrigins: readonly string[] | null;
  features: { review: boolean; ask: boolean };
  /** The server requires a token and none has come yet (nor a signed link's session). */
  needsToken?: boolean;
  /** A failure from before any answer (a signed link refused), told to each portal that connects. */
  startupError?: { code: EmbedErrorCode; message: string } | null;
}

type Send = (payload: OutboundPayload) => void;

const PENDING: EmbedVerdict = { tone: 'pending', text: 'Not checked yet: the cited document is still loading or being searched.' };

const models = new WeakMap<AnswerResult, AnswerModel>();
function modelOf(result: AnswerResult): AnswerModel {
  let model = models.get(result);
  if (!model) models.set(result, (model = buildAnswerModel(result.answer)));
  return model;
}

/** The API error's kind as the portal's error code. */
export function errorCode(error: unknown): EmbedErrorCode {
  if (!isApiError(error)) return 'unavailable';
  if (error.kind === 'http') {
    if (error.status === 401) return 'unauthorized';
    if (error.status === 403) return 'forbidden';
    if (error.status === 404) return 'not-found';
    return 'unavailable';
  }
  return error.kind === 'network' ? 'unavailable' : 'invalid-answer';
}

export function useEmbedBridge(options: EmbedBridgeOptions): void {
  const queryClient = useQueryClient();
  // The channel asks for the allowed origins and features when a message arrives: always the latest options.
  const allowedOrigins = useEffectEvent(() => options.allowedOrigins);
  const features = useEffectEvent(() => options.features);
  const needsToken = useEffectEvent(() => options.needsToken ?? false);
  const channelRef = useRef<EmbedChannel | null>(null);
  // Each citation's latest verdict (reported by the answer view as the checks come in), for the messages about it.
  const verdicts = useRef(new Map<string, EmbedVerdict>());
  const [connected, setConnected] = useState(false);
  const send: Send = (payload) => void channelRef.current?.send(payload);

  useEffect(() => {
    // Opened on its own (not in a frame), there is nobody to talk to.
    if (window.parent === window) return;
    // Every message waits for the loads sent before it: reading a handed-over answer may take a moment (a wrapped one
    // fetches its adapters first), and a citation the portal sends right after its load must find that answer open.
    let loads: Promise<void> = Promise.resolve();
    const channel = new EmbedChannel({
      self: window,
      parent: window.parent,
      allowedOrigins: () => allowedOrigins(),
      features: () => features(),
      needsToken: () => needsToken(),
      onMessage: (message) => {
        const handled = loads.then(() => handleMessage(message, queryClient, (p) => void channel.send(p)));
        if (message.type === 'citelens:load') loads = handled.catch(() => undefined);
        void handled;
      },
      onConnected: () => {
        setConnected(true);
        // A (new) portal has had no height yet, nor the verdicts that came in before it said hello.
        resize.flush();
        for (const [sourceId, verdict] of verdicts.current) channel.send({ type: 'citelens:verdict', sourceId, verdict });
      },
    });
    channelRef.current = channel;
    const stop = channel.start();
    const stopEvents = onAppEvent((event) => {
      switch (event.kind) {
        case 'anchored':
          // A passage drawn that says something else than the quote is not found: the portal must not store it.
          channel.send({
            type: 'citelens:anchored',
            sourceId: event.sourceId,
            found: event.found && !event.differs,
            differs: !!event.differs,
            score: event.score,
            page: event.page,
            verdict: verdicts.current.get(event.sourceId) ?? PENDING,
          });
          return;
        case 'verdict': {
          const verdict: EmbedVerdict = { tone: event.tone, text: event.text };
          verdicts.current.set(event.sourceId, verdict);
          channel.send({ type: 'citelens:verdict', sourceId: event.sourceId, verdict });
          return;
        }
        case 'decision-stored':
          // Only what the server holds: a decision kept in this browser alone is not the portal's to record.
          if (event.where !== 'server') return;
          channel.send({
            type: 'citelens:reviewChanged',
            claimId: event.claimId,
            decision: event.decision,
            ...(event.note !== '' && { note: event.note }),
            stored: event.where,
          });
          return;
        default: {
          const never: never = event;
          return never;
        }
      }
    });
    const resize = startResizeReports((height) => channel.send({ type: 'citelens:resize', height }));
    return () => {
      stop();
      stopEvents();
      resize.stop();
      channelRef.current = null;
    };
  }, [queryClient]);

  // ---- citationOpened: once per citation click (the nonce), when the answer is there to say what it opened ---------
  const view = useViewStore((s) => s.view);
  const nonce = useViewStore((s) => s.citeNonce);
  // A passive observer: it reads what the answer view loads, and never fetches by itself (a signed link's session
  // token, or the portal's, may not be there yet).
  const answer = useQuery({ ...answerQuery(view.answer ?? ''), enabled: false });
  const sentNonce = useRef<number | null>(null);
  useEffect(() => {
    if (!connected || !view.cite || !answer.data || sentNonce.current === nonce) return;
    const target = citationTarget(answer.data.answer, modelOf(answer.data), view.cite, nonce);
    if (!target) return;
    sentNonce.current = nonce;
    const n = /^\d+$/.test(view.cite) ? Number(view.cite) : null;
    const verdict = verdicts.current.get(target.sourceId) ?? PENDING;
    send({ type: 'citelens:citationOpened', n, key: view.cite, sourceId: target.sourceId, documentId: target.documentId, page: target.page ?? null, verdict });
  });

  const startupError = options.startupError ?? null;
  const reportStartupError = useEffectEvent(() => {
    if (startupError) send({ type: 'citelens:error', ...startupError });
  });
  // Once per connection and failure: a new options object with the same error is not a new failure.
  const startupErrorKey = startupError ? `${startupError.code}\n${startupError.message}` : null;
  useEffect(() => {
    if (connected && startupErrorKey !== null) reportStartupError();
  }, [connected, startupErrorKey]);

  // ---- error: the answer could not be loaded (reported again for each new failure, and on a new handshake) ---------
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!connected || answer.status !== 'error') return;
    const key = `${view.answer}:${answer.errorUpdatedAt}`;
    if (reported.current === key) return;
    reported.current = key;
    send({ type: 'citelens:error', code: errorCode(answer.error), message: answer.error.message });
  });
}

async function handleMessage(message: InboundMessage, queryClient: QueryClient, send: Send): Promise<void> {
  const store = useViewStore.getState();
  switch (message.type) {
    case 'citelens:hello':
      return; // handled by the channel
    case 'citelens:load': {
      if (message.answerId !== undefined) {
        store.openAnswer(message.answerId);
        return;
      }
      try {
        const { id, result } = await addInlineAnswer(message.answer);
        queryClient.setQueryData(queryKeys.answer(id), result);
        store.openAnswer(id);
      } catch (e) {
        // A wrapped answer's adapters that could not be fetched are a network failure ('unavailable'), not a bad answer.
        send({
          type: 'citelens:error',
          code: isApiError(e) ? errorCode(e) : 'invalid-answer',
          message: e instanceof Error ? e.message : 'The answer could not be read.',
        });
      }
      return;
    }
    case 'citelens:openCitation':
    case 'citelens:openClaim': {
      const answerId = store.view.answer;
      if (answerId === undefined) {
        send({ type: 'citelens:error', code: 'not-found', message: 'No answer is open: send citelens:load first.' });
        return;
      }
      let result: AnswerResult;
      try {
        result = await queryClient.ensureQueryData(answerQuery(answerId));
      } catch (e) {
        send({ type: 'citelens:error', code: errorCode(e), message: e instanceof Error ? e.message : String(e) });
        return;
      }
      // The portal may have moved on to another answer while this one loaded.
      if (useViewStore.getState().view.answer !== answerId) return;
      const model = modelOf(result);
      if (message.type === 'citelens:openClaim') {
        const claim = model.claims.find((c) => c.id === message.claimId);
        if (!claim) send({ type: 'citelens:error', code: 'unknown-claim', message: `This answer has no claim "${message.claimId}".` });
        else useViewStore.getState().selectClaim(claim.id, claim.citations[0]?.key, 'push');
        return;
      }
      const key =
        message.n !== undefined ? model.resolve(String(message.n)) && String(message.n) : model.citations.find((c) => c.sourceId === message.sourceId)?.key;
      if (!key) {
        const what = message.n !== undefined ? `citation [${message.n}]` : `source "${message.sourceId}"`;
        send({ type: 'citelens:error', code: 'unknown-citation', message: `This answer cites no ${what}.` });
        return;
      }
      useViewStore.getState().cite(key);
      return;
    }
    case 'citelens:setTheme':
      store.setDisplay({
        theme: message.theme,
        ...(message.accent !== undefined && { accent: message.accent.toLowerCase() }),
        ...(message.night !== undefined && { night: message.night }),
      });
      return;
    case 'citelens:setPanels':
      store.setDisplay({ panels: PANES.filter((p) => message.panels.includes(p)) });
      return;
    case 'citelens:setToken':
      setApiToken(message.token);
      // What failed for want of a token (a 401) is asked again; what worked keeps its data.
      await queryClient.resetQueries({ predicate: (q) => q.state.status === 'error' });
      return;
    case 'citelens:getLink': {
      const { view, display } = useViewStore.getState();
      send({ type: 'citelens:link', url: viewLink(window.location.href, view, display, 'embed') });
      return;
    }
    default: {
      const never: never = message;
      return never;
    }
  }
}
