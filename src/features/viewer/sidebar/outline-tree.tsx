import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { inlineArrow } from '../../../core/i18n/inline-arrow.ts';
import { initiallyExpanded, parentId, toOutline, visibleOutlineRows, type OutlineNode, type RawOutlineItem } from '../../../core/pages/outline.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';
import { useViewerStoreApi } from '../viewer-store.ts';

// The outline tab: the PDF's bookmarks as a tree (WAI-ARIA treeview: one tab stop, arrows move, Right/Left open and
// close, Enter jumps). A bookmark's destination is resolved to a page only when it is used. Links out of the
// document (http, https, mailto only) open in a new tab without access to this page.

type OutlineLoad = { kind: 'loading' } | { kind: 'ready'; nodes: OutlineNode[] } | { kind: 'error'; message: string };
const LOADING: OutlineLoad = { kind: 'loading' };

/** The 1-based page a pdf.js destination points to, or null (a missing named destination, a broken reference). */
export async function destinationPage(pdf: PDFDocumentProxy, dest: OutlineNode['dest']): Promise<number | null> {
  if (dest === null) return null;
  const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
  if (!Array.isArray(explicit) || explicit.length === 0) return null;
  const ref: unknown = explicit[0];
  if (ref && typeof ref === 'object' && 'num' in ref && 'gen' in ref) {
    return (await pdf.getPageIndex(ref as { num: number; gen: number })) + 1;
  }
  // Some writers give a page index instead of a page reference.
  return typeof ref === 'number' && Number.isInteger(ref) && ref >= 0 && ref < pdf.numPages ? ref + 1 : null;
}

export function OutlineTree({ pdf }: { pdf: PDFDocumentProxy }) {
  const store = useViewerStoreApi();
  const t = useTranslate();
  // Kept with the document it was read from: a new document reads 'loading' until its own outline arrives.
  const [loaded, setLoaded] = useState<{ pdf: PDFDocumentProxy; load: OutlineLoad } | null>(null);
  const load: OutlineLoad = loaded && loaded.pdf === pdf ? loaded.load : LOADING;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);
  // Destinations resolved after the tab closed or the document changed must not move the viewer.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    let cancelled = false;
    pdf.getOutline().then(
      (raw) => {
        if (cancelled) return;
        const nodes = toOutline(raw as RawOutlineItem[] | null);
        setExpanded(initiallyExpanded(nodes));
        setLoaded({ pdf, load: { kind: 'ready', nodes } });
      },
      (error: unknown) => !cancelled && setLoaded({ pdf, load: { kind: 'error', message: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      cancelled = true;
    };
  }, [pdf]);

  const rows = useMemo(() => (load.kind === 'ready' ? visibleOutlineRows(load.nodes, expanded) : []), [load, expanded]);

  switch (load.kind) {
    case 'loading':
      return (
        <p className="p-3 text-xs text-slate-500" role="status">
          {t('outline.reading')}
        </p>
      );
    case 'error':
      return <p className="p-3 text-xs text-amber-800">{t('outline.failed', { message: load.message })}</p>;
    case 'ready':
      if (rows.length === 0) return <p className="p-3 text-xs text-slate-500">{t('outline.none')}</p>;
      break;
    default: {
      const never: never = load;
      return never;
    }
  }

  const activeId = focused !== null && rows.some((r) => r.node.id === focused) ? focused : rows[0]!.node.id;

  const jump = (node: OutlineNode) => {
    setBroken(null);
    destinationPage(pdf, node.dest).then(
      (page) => {
        if (!alive.current) return;
        if (page === null) setBroken(node.id);
        else store.getState().goToPage(page);
      },
      () => alive.current && setBroken(node.id),
    );
  };
  const toggle = (id: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  const focusRow = (id: string) => {
    setFocused(id);
    requestAnimationFrame(() => treeRef.current?.querySelector<HTMLElement>(`[data-outline-id="${id}"]`)?.focus());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const i = rows.findIndex((r) => r.node.id === activeId);
    const row = rows[i];
    if (!row) return;
    const hasChildren = row.node.children.length > 0;
    let handled = true;
    // Left and Right swap in a right-to-left UI: the arrow pointing along the line opens, the other closes.
    switch (inlineArrow(e.key, getComputedStyle(e.currentTarget).direction) ?? e.key) {
      case 'ArrowDown':
        if (rows[i + 1]) focusRow(rows[i + 1]!.node.id);
        break;
      case 'ArrowUp':
        if (rows[i - 1]) focusRow(rows[i - 1]!.node.id);
        break;
      case 'Home':
        focusRow(rows[0]!.node.id);
        break;
      case 'End':
        focusRow(rows[rows.length - 1]!.node.id);
        break;
      case 'forward':
        if (hasChildren && !row.expanded) toggle(row.node.id, true);
        else if (hasChildren) focusRow(row.node.children[0]!.id);
        break;
      case 'backward': {
        const parent = parentId(row.node.id);
        if (hasChildren && row.expanded) toggle(row.node.id, false);
        else if (parent !== null) focusRow(parent);
        break;
      }
      case 'Enter':
      case ' ':
        if (row.node.url) window.open(row.node.url, '_blank', 'noopener,noreferrer');
        else jump(row.node);
        break;
      default:
        handled = false;
    }
    // Handled here, not also by the viewer's own keys (Home, End and the arrows turn pages there).
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return (
    <ul ref={treeRef} role="tree" aria-label={t('outline.label')} className="py-1 text-sm" onKeyDown={onKeyDown}>
      {rows.map(({ node, level, expanded: open, posInSet, setSize }) => (
        <li
          key={node.id}
          role="treeitem"
          data-outline-id={node.id}
          aria-level={level}
          aria-expanded={node.children.length > 0 ? open : undefined}
          aria-setsize={setSize}
          aria-posinset={posInSet}
          aria-selected={false}
          tabIndex={node.id === activeId ? 0 : -1}
          onFocus={(e) => e.target === e.currentTarget && setFocused(node.id)}
          onClick={() => {
            setFocused(node.id);
            if (!node.url) jump(node);
          }}
          className="flex cursor-pointer items-start gap-0.5 rounded py-1 pe-2 text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600"
          // Indented from the inline start: from the right in a right-to-left UI.
          style={{ paddingInlineStart: 4 + (level - 1) * 14 }}
        >
          {node.children.length > 0 ? (
            <button
              type="button"
              tabIndex={-1}
              aria-hidden
              // ▸ points along the line, as the arrow key that opens it does: mirrored right to left.
              className="grid size-4 shrink-0 place-items-center text-[10px] text-slate-500 rtl:-scale-x-100"
              onClick={(e) => {
                e.stopPropagation();
                toggle(node.id);
              }}
            >
              {open ? '▾' : '▸'}
            </button>
          ) : (
            <span className="size-4 shrink-0" aria-hidden />
          )}
          {node.url ? (
            // Titles are the document's words: isolated in their own direction ("1.1 Due diligence" in a Persian
            // UI), inside a box that keeps the tree's, so a wrapped title still lines up with the others.
            <a href={node.url} target="_blank" rel="noopener noreferrer" tabIndex={-1} className="min-w-0 break-words text-blue-700 underline">
              <bdi>{node.title}</bdi> ↗
            </a>
          ) : (
            <span className="min-w-0 break-words">
              <bdi>{node.title}</bdi>
            </span>
          )}
          {broken === node.id ? <span className="sr-only">{t('outline.destinationMissing')}</span> : null}
        </li>
      ))}
      {broken !== null ? (
        <li role="none" className="px-3 py-1 text-xs text-amber-800">
          {t('outline.brokenLink')}
        </li>
      ) : null}
    </ul>
  );
}
