// Which pages of one document the answer cites, and with which marker numbers: the viewer's thumbnails carry them
// as badges. Built from the answer model (the markers the reader sees), so a badge never shows a number that is not
// a marker in the answer. A source that names its page only by its printed label keeps the label: the viewer
// resolves it once it has read the document's labels.

import type { AnswerModel } from '../model/answer-model.ts';
import { claimedPages } from '../review/source-pages.ts';
import { resolvePageLabel } from './page-labels.ts';

export interface PageCitation {
  sourceId: string;
  /** The marker keys that cite this source ("2", "S2"), in order of first appearance, without repeats. */
  markers: string[];
  /** Physical pages (1-based) the source names; empty when it names only a printed label or no page. */
  pages: number[];
  /** The printed label, used when `pages` is empty. */
  pageLabel?: string;
}

/** The cited passages of `documentId`, one per source, in order of first citation. */
export function pageCitations(model: AnswerModel, documentId: string): PageCitation[] {
  const bySource = new Map<string, PageCitation>();
  const add = (key: string, sourceId: string) => {
    const source = model.sources.find((s) => s.id === sourceId);
    if (!source || source.documentId !== documentId) return;
    let entry = bySource.get(source.id);
    if (!entry) {
      entry = { sourceId: source.id, markers: [], pages: claimedPages(source) };
      if (typeof source.pageLabel === 'string' && source.pageLabel.trim()) entry.pageLabel = source.pageLabel.trim();
      bySource.set(source.id, entry);
    }
    if (!entry.markers.includes(key)) entry.markers.push(key);
  };
  for (const group of model.markdown.markers) {
    for (const ref of group.refs) {
      const source = model.resolve(ref.key);
      if (source) add(ref.key, source.id);
    }
  }
  // Providers that give claim spans (no marker in the text before the adapter wrote one) still cite pages.
  for (const c of model.explicitCitations) add(c.key, c.sourceId);
  return [...bySource.values()];
}

/**
 * Page → marker keys, for a document of `pageCount` pages with the given labels. A label that names no single page
 * gives no badge (the viewer says why when that citation is opened); pages outside the document are dropped.
 */
export function markersByPage(citations: readonly PageCitation[], labels: readonly string[] | null, pageCount: number): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const c of citations) {
    let pages = c.pages;
    if (pages.length === 0 && c.pageLabel) {
      const r = resolvePageLabel(labels, c.pageLabel, pageCount);
      pages = r.kind === 'page' ? [r.page] : [];
    }
    for (const page of pages) {
      if (page < 1 || page > pageCount) continue;
      const list = map.get(page) ?? [];
      for (const m of c.markers) if (!list.includes(m)) list.push(m);
      map.set(page, list);
    }
  }
  return map;
}
