import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { answerQuery } from '../api/queries.ts';
import { buildAnswerModel } from '../core/model/answer-model.ts';
import type { Answer } from '../core/model/types.ts';
import { AnswerPane } from '../features/answer/answer-pane.tsx';
import { PdfViewer } from '../features/viewer/pdf-viewer.tsx';
import { citationTarget, defaultDocumentId } from './citation-target.ts';
import { ErrorPanel } from './error-panel.tsx';
import { SplitLayout } from './split-layout.tsx';
import { useViewStore } from './view-store.ts';

export function AnswerView({ answerId }: { answerId: string }) {
  const query = useQuery(answerQuery(answerId));
  switch (query.status) {
    case 'pending':
      return (
        <SplitLayout
          answer={<p className="p-6 text-sm text-slate-500" role="status">Loading answer…</p>}
          viewer={<div className="h-full bg-slate-100" />}
        />
      );
    case 'error':
      return (
        <SplitLayout
          answer={<ErrorPanel title={`Could not load answer “${answerId}”`} error={query.error} />}
          viewer={<div className="grid h-full place-items-center bg-slate-100 text-sm text-slate-500">No document to show.</div>}
        />
      );
    case 'success':
      return <LoadedAnswer answer={query.data.answer} />;
    default: {
      const never: never = query;
      return never;
    }
  }
}

function LoadedAnswer({ answer }: { answer: Answer }) {
  const view = useViewStore((s) => s.view);
  const nonce = useViewStore((s) => s.citeNonce);
  const { cite, showDocument, setPage, setRegion } = useViewStore.getState();

  const model = useMemo(() => buildAnswerModel(answer), [answer]);
  const target = useMemo(
    () => (view.cite ? citationTarget(answer, model, view.cite, nonce, view.region !== undefined ? view.region - 1 : undefined) : null),
    // Stepping regions updates `region` but keeps the nonce, and the viewer re-targets only on a new nonce.
    [answer, model, view.cite, view.region, nonce],
  );
  const documentId = target?.documentId ?? (view.doc && answer.documents.some((d) => d.id === view.doc) ? view.doc : defaultDocumentId(answer));

  return (
    <SplitLayout
      answer={
        <AnswerPane answer={answer} model={model} activeKey={target ? (view.cite ?? null) : null} activeSourceId={target?.sourceId ?? null} onCite={cite} />
      }
      viewer={
        documentId ? (
          <PdfViewer
            documents={answer.documents}
            documentId={documentId}
            onDocumentChange={showDocument}
            target={target}
            initialPage={target ? undefined : view.page}
            onPageChange={setPage}
            onRegionChange={(r) => setRegion(r + 1)}
          />
        ) : (
          <div className="grid h-full place-items-center bg-slate-100 text-sm text-slate-500">This answer cites no document.</div>
        )
      }
    />
  );
}
