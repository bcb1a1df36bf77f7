// Page labels: what a PDF prints as a page's number ("iv", "A-3"), as opposed to the page's physical index.
// A citation may name a page either way (`page` is physical and 1-based, `pageLabel` is as printed); the viewer
// shows both and turns a label into a physical page here, once the document's labels are known.
// `labels` is pdf.js's getPageLabels(): one string per physical page, or null when the PDF defines none, in which
// case every page is labelled by its own decimal number (the PDF specification's default).

import { translateEnglish, type Translate } from '../i18n/translate.ts';

export type PageLabelResolution =
  | { kind: 'page'; page: number }
  /** Several pages carry this label (a PDF may restart numbering per part): none is preferred. */
  | { kind: 'ambiguous'; pages: number[] }
  | { kind: 'unknown' };

/** The label printed on `page` (1-based), or its number when the PDF defines no labels. */
export function labelOf(labels: readonly string[] | null, page: number): string {
  return labels?.[page - 1] ?? String(page);
}

/** The label worth showing beside the physical index: null when it says the same as the index (or is empty). */
export function distinctLabel(labels: readonly string[] | null, page: number): string | null {
  const label = labels?.[page - 1]?.trim();
  return label && label !== String(page) ? label : null;
}

/** Whether the document's labels differ from its physical numbering anywhere (so the UI should show them). */
export function hasDistinctLabels(labels: readonly string[] | null): boolean {
  return labels !== null && labels.some((_, i) => distinctLabel(labels, i + 1) !== null);
}

/** Folds what a provider may add around a printed label: "p. iv", "Page A-3", case, inner spaces. */
function normalizeLabel(label: string): string {
  return label
    .normalize('NFKC')
    .trim()
    .replace(/^(?:pages?|pp?\.?)\s*/i, '')
    .replace(/\s+/g, '')
    .toLowerCase();
}

function matching(labels: readonly string[], want: string, fold: (s: string) => string): number[] {
  const pages: number[] = [];
  labels.forEach((l, i) => {
    if (fold(l) === want) pages.push(i + 1);
  });
  return pages;
}

/** The physical page a printed label names; exact matches win over folded ones. */
export function resolvePageLabel(labels: readonly string[] | null, label: string, pageCount: number): PageLabelResolution {
  const all = labels ?? Array.from({ length: pageCount }, (_, i) => String(i + 1));
  const exact = matching(all, label.trim(), (s) => s.trim());
  const pages = exact.length > 0 ? exact : matching(all, normalizeLabel(label), normalizeLabel);
  const inRange = pages.filter((p) => p >= 1 && p <= pageCount);
  if (inRange.length === 1) return { kind: 'page', page: inRange[0]! };
  if (inRange.length > 1) return { kind: 'ambiguous', pages: inRange };
  return { kind: 'unknown' };
}

/** What a reviewer should be told about a label that names no single page; null when it resolved. */
export function labelNote(resolution: PageLabelResolution, label: string, t: Translate = translateEnglish): string | null {
  switch (resolution.kind) {
    case 'page':
      return null;
    case 'ambiguous':
      return t('passage.labelAmbiguous', { label, pages: resolution.pages.map((value) => t('common.number', { value })).join(t('review.listSeparator')) });
    case 'unknown':
      return t('passage.labelUnknown', { label });
    default: {
      const never: never = resolution;
      return never;
    }
  }
}

/**
 * A page typed into the viewer's page field: a printed label first (so "iv" and, in a document whose front matter
 * is roman, "3" mean what is printed), else a physical number; null when it names no page.
 */
export function pageFromInput(labels: readonly string[] | null, input: string, pageCount: number): number | null {
  const text = input.trim();
  if (!text) return null;
  if (labels) {
    const r = resolvePageLabel(labels, text, pageCount);
    if (r.kind === 'page') return r.page;
    if (r.kind === 'ambiguous') return r.pages[0]!;
  }
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= pageCount ? n : null;
}
