// Writes the navigation parts of a PDF that pdf-lib has no high-level API for: page labels (/PageLabels, a number
// tree in the catalog) and the outline (/Outlines, a doubly linked tree of bookmark dictionaries), plus named
// destinations (/Names /Dests). Used by the demo handbook, so the viewer's outline tab and printed page labels
// have a real document to show. PDF 1.7 §12.4.2 (page labels) and §12.3.3 (outline).

import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDocument, type PDFRef } from 'pdf-lib';

/** One range of page labels: from `startPage` (1-based) on, numbered in `style` after `prefix`, from `first`. */
export interface LabelRange {
  startPage: number;
  /** D decimal, r/R lower/upper roman, a/A letters; none = prefix only. */
  style?: 'D' | 'r' | 'R' | 'a' | 'A';
  prefix?: string;
  first?: number;
}

export interface Bookmark {
  title: string;
  /** 1-based page, shown at the top of the page ("/XYZ" with the page's top). */
  page: number;
  /** Use a named destination with this name instead of an explicit one (pdf.js resolves it with getDestination). */
  named?: string;
  children?: Bookmark[];
}

export function setPageLabels(pdf: PDFDocument, ranges: readonly LabelRange[]): void {
  const ctx = pdf.context;
  const nums: (PDFNumber | PDFDict)[] = [];
  for (const r of ranges) {
    const dict = ctx.obj({}) as PDFDict;
    if (r.style) dict.set(PDFName.of('S'), PDFName.of(r.style));
    if (r.prefix) dict.set(PDFName.of('P'), PDFString.of(r.prefix));
    if (r.first !== undefined && r.first !== 1) dict.set(PDFName.of('St'), PDFNumber.of(r.first));
    nums.push(PDFNumber.of(r.startPage - 1), dict);
  }
  const tree = ctx.obj({}) as PDFDict;
  tree.set(PDFName.of('Nums'), ctx.obj(nums));
  pdf.catalog.set(PDFName.of('PageLabels'), ctx.register(tree));
}

/** The labels the ranges give each page, the way a PDF reader computes them (for the generator's own checks). */
export function labelsOf(ranges: readonly LabelRange[], pageCount: number): string[] {
  const labels: string[] = [];
  for (let p = 1; p <= pageCount; p++) {
    const r = [...ranges].reverse().find((x) => x.startPage <= p);
    if (!r) {
      labels.push('');
      continue;
    }
    const n = (r.first ?? 1) + (p - r.startPage);
    const body = r.style === 'D' ? String(n) : r.style === 'r' ? roman(n) : r.style === 'R' ? roman(n).toUpperCase() : r.style ? letters(n, r.style) : '';
    labels.push(`${r.prefix ?? ''}${body}`);
  }
  return labels;
}

function roman(n: number): string {
  const table: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let out = '';
  for (const [v, s] of table)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

function letters(n: number, style: 'a' | 'A'): string {
  const ch = String.fromCharCode((style === 'a' ? 97 : 65) + ((n - 1) % 26));
  return ch.repeat(Math.floor((n - 1) / 26) + 1);
}

export function setOutline(pdf: PDFDocument, bookmarks: readonly Bookmark[]): void {
  const ctx = pdf.context;
  const pages = pdf.getPages();
  const named: [string, PDFArray][] = [];
  const destOf = (b: Bookmark): PDFArray => {
    const page = pages[b.page - 1];
    if (!page) throw new Error(`bookmark “${b.title}” points to page ${b.page}, which does not exist`);
    const { height, y } = page.getMediaBox();
    return ctx.obj([page.ref, PDFName.of('XYZ'), null, PDFNumber.of(y + height), null]) as PDFArray;
  };

  const root = ctx.obj({ Type: 'Outlines' }) as PDFDict;
  const rootRef = ctx.register(root);
  const writeLevel = (items: readonly Bookmark[], parent: PDFDict, parentRef: PDFRef): number => {
    const refs = items.map(() => ctx.nextRef());
    let visible = 0;
    items.forEach((b, i) => {
      const dict = ctx.obj({}) as PDFDict;
      dict.set(PDFName.of('Title'), PDFHexString.fromText(b.title));
      dict.set(PDFName.of('Parent'), parentRef);
      if (i > 0) dict.set(PDFName.of('Prev'), refs[i - 1]!);
      if (i < items.length - 1) dict.set(PDFName.of('Next'), refs[i + 1]!);
      if (b.named) {
        dict.set(PDFName.of('Dest'), PDFString.of(b.named));
        named.push([b.named, destOf(b)]);
      } else {
        dict.set(PDFName.of('Dest'), destOf(b));
      }
      ctx.assign(refs[i]!, dict);
      visible += 1;
      if (b.children?.length) {
        // Positive /Count: the item is shown open, with that many descendants visible.
        const open = writeLevel(b.children, dict, refs[i]!);
        dict.set(PDFName.of('Count'), PDFNumber.of(open));
        visible += open;
      }
    });
    if (refs.length > 0) {
      parent.set(PDFName.of('First'), refs[0]!);
      parent.set(PDFName.of('Last'), refs[refs.length - 1]!);
    }
    return visible;
  };
  root.set(PDFName.of('Count'), PDFNumber.of(writeLevel(bookmarks, root, rootRef)));
  pdf.catalog.set(PDFName.of('Outlines'), rootRef);
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));

  if (named.length > 0) {
    // A name tree's leaf keeps its names sorted.
    named.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const dests = ctx.obj({}) as PDFDict;
    dests.set(PDFName.of('Names'), ctx.obj(named.flatMap(([name, dest]) => [PDFString.of(name), dest])));
    const names = ctx.obj({}) as PDFDict;
    names.set(PDFName.of('Dests'), ctx.register(dests));
    pdf.catalog.set(PDFName.of('Names'), ctx.register(names));
  }
}
