import { useEffect, useRef, useState } from 'react';
import { storeOrigins } from '../../../api/store-origins.ts';
import { prepareFind } from '../../../core/locate/find-query.ts';
import { documentKind } from '../../../core/model/document-kind.ts';
import type { DocumentRef } from '../../../core/model/types.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';
import { useViewerHost } from '../viewer-host.tsx';
import { openDocumentText, type OpenedDocumentText } from '../document/open-document-text.ts';
import { useFindStore } from './find-store.ts';

// Find covers every document the answer cites, not only the open one ("legal hold" said "No matches" while the
// answer's other document had 7). Under the find bar, each other cited PDF with its count, grouped by document; a
// click opens that document with the search still on, so its matches show there. The other documents are opened
// without being drawn (open-document-text.ts: the same worker and text index as the background checks), one at a
// time, kept open while the bar is, and searched in the locate worker like the open one.

const DEBOUNCE_MS = 300;

type Count = { kind: 'searching' } | { kind: 'done'; count: number } | { kind: 'failed' };

interface FindElsewhereProps {
  documents: readonly DocumentRef[];
  documentId: string;
}

export function FindElsewhere({ documents, documentId }: FindElsewhereProps) {
  const t = useTranslate();
  const { emit } = useViewerHost();
  const open = useFindStore((s) => s.open);
  const query = useFindStore((s) => s.query);
  const matchCase = useFindStore((s) => s.options.matchCase);
  const wholeWords = useFindStore((s) => s.options.wholeWords);
  const others = documents.filter((d) => d.id !== documentId && documentKind(d, storeOrigins()).kind === 'pdf');
  const othersKey = others.map((d) => `${d.id}\n${d.url}`).join('\n');
  const [counts, setCounts] = useState<{ key: string; byDocument: Readonly<Record<string, Count>> }>({ key: '', byDocument: {} });
  /** Opened documents, by URL, for as long as the bar is open (a new query must not open them again). */
  const opened = useRef(new Map<string, Promise<OpenedDocumentText>>());
  const searchKey = open && prepareFind(query, { matchCase, wholeWords }) ? `${othersKey}\n${query}\n${matchCase}\n${wholeWords}` : '';

  useEffect(() => {
    if (!searchKey) return;
    const controller = new AbortController();
    const { signal } = controller;
    const list = othersKey ? othersKey.split('\n') : [];
    const targets: { id: string; url: string }[] = [];
    for (let i = 0; i < list.length; i += 2) targets.push({ id: list[i]!, url: list[i + 1]! });
    const set = (id: string, count: Count) =>
      !signal.aborted && setCounts((c) => ({ key: searchKey, byDocument: { ...(c.key === searchKey ? c.byDocument : {}), [id]: count } }));
    const timer = setTimeout(async () => {
      for (const target of targets) set(target.id, { kind: 'searching' });
      // One document at a time: they share pdf.js's worker with the open document.
      for (const target of targets) {
        if (signal.aborted) return;
        try {
          let doc = opened.current.get(target.url);
          if (!doc) {
            // Opened for the bar's lifetime, not this query's: a failed opening is forgotten so a new query tries again.
            doc = openDocumentText(target.url, new AbortController().signal);
            opened.current.set(target.url, doc);
            doc.catch(() => opened.current.delete(target.url));
          }
          const { cache } = await doc;
          let count = 0;
          await cache.locator.find(query, { matchCase, wholeWords }, (found) => (count += found.matches.length), signal);
          set(target.id, { kind: 'done', count });
        } catch {
          set(target.id, { kind: 'failed' });
        }
      }
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [searchKey, othersKey, query, matchCase, wholeWords]);

  // The bar closed (or this viewer went): the documents opened for it are freed.
  useEffect(() => {
    if (open) return;
    for (const doc of opened.current.values())
      void doc.then(
        (d) => d.close(),
        () => undefined,
      );
    opened.current.clear();
  }, [open]);
  useEffect(() => {
    const all = opened.current;
    return () => {
      for (const doc of all.values())
        void doc.then(
          (d) => d.close(),
          () => undefined,
        );
      all.clear();
    };
  }, []);

  if (!searchKey || others.length === 0 || counts.key !== searchKey) return null;
  return (
    <div data-find-elsewhere="" className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 bg-white px-3 py-1 text-xs text-slate-700">
      <span className="text-slate-600">{t('find.elsewhere')}</span>
      <ul aria-label={t('find.elsewhere')} className="flex flex-wrap gap-1.5">
        {others.map((d) => {
          const c = counts.byDocument[d.id] ?? { kind: 'searching' };
          const text =
            c.kind === 'searching'
              ? t('find.elsewhereSearching', { title: d.title })
              : c.kind === 'failed'
                ? t('find.elsewhereFailed', { title: d.title })
                : t('find.elsewhereCount', { title: d.title, count: c.count });
          return (
            <li key={d.id}>
              <button
                type="button"
                data-find-document={d.id}
                data-find-matches={c.kind === 'done' ? c.count : undefined}
                disabled={c.kind !== 'done' || c.count === 0}
                onClick={() => emit({ kind: 'open-document', documentId: d.id })}
                className="rounded px-1.5 py-0.5 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:text-slate-500 disabled:hover:bg-transparent enabled:text-blue-800"
              >
                {text}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
