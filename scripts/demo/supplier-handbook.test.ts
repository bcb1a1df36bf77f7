// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalAnswerSchema } from '../../src/api/answer-schema.ts';
import { toOutline, visibleOutlineRows } from '../../src/core/pages/outline.ts';
import { resolvePageLabel } from '../../src/core/pages/page-labels.ts';
import { labelsOf } from './pdf-navigation.ts';
import { HANDBOOK_LABELS } from './supplier-handbook.ts';
// Node 20 lacks Promise.withResolvers, which pdf.js uses.
import '../../src/lib/promise-with-resolvers.ts';

// The committed demo handbook read back by pdf.js, as the viewer reads it: its printed page labels, its outline and
// each bookmark's destination page, and the answer's citations by label landing on pages that print their quotes.

const data = fileURLToPath(new URL('../../src/server/demo-data/', import.meta.url));
const standardFontDataUrl = fileURLToPath(new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url));

async function openHandbook() {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const bytes = new Uint8Array(await readFile(`${data}documents/supplier-handbook.pdf`));
  return pdfjs.getDocument({ data: bytes, verbosity: 0, standardFontDataUrl, useSystemFonts: false }).promise;
}

describe('demo supplier handbook', () => {
  it('prints roman front matter, an arabic body and an A- appendix, as pdf.js reads them', async () => {
    const pdf = await openHandbook();
    try {
      const labels = await pdf.getPageLabels();
      expect(labels).toEqual(['i', 'ii', 'iii', '1', '2', '3', '4', 'A-1', 'A-2']);
      expect(labels).toEqual(labelsOf(HANDBOOK_LABELS, pdf.numPages));
      // The footer prints the same label the PDF declares.
      for (let n = 1; n <= pdf.numPages; n++) {
        const text = (await (await pdf.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
        expect(text, `page ${n}`).toContain(`Page ${labels![n - 1]}`);
      }
    } finally {
      await pdf.loadingTask.destroy();
    }
  });

  it('has a nested outline whose bookmarks (explicit and named destinations) open the right pages', async () => {
    const pdf = await openHandbook();
    try {
      const nodes = toOutline(await pdf.getOutline());
      const rows = visibleOutlineRows(nodes, new Set(nodes.map((n) => n.id)));
      const pages: Record<string, number> = {};
      for (const { node } of rows) {
        const dest = typeof node.dest === 'string' ? await pdf.getDestination(node.dest) : node.dest;
        pages[node.title] = (await pdf.getPageIndex(dest![0] as { num: number; gen: number })) + 1;
      }
      expect(pages).toEqual({
        Foreword: 3,
        '1. Onboarding': 4,
        '1.1 Due diligence': 4,
        '1.2 Contracts': 5,
        '2. Operations': 6,
        '2.1 Deliveries': 6,
        '2.2 Incidents': 7,
        'Appendix A. Checklists': 8,
        'A.1 Onboarding checklist': 8,
        'A.2 Exit checklist': 9,
      });
      expect(rows.find((r) => r.node.title === 'A.2 Exit checklist')!.node.dest).toBe('exit-checklist');
    } finally {
      await pdf.loadingTask.destroy();
    }
  });

  it('cites by printed label only, and each label names the page that prints the quote (but one)', async () => {
    const answer = canonicalAnswerSchema.parse(JSON.parse(await readFile(`${data}answers/supplier-handbook.json`, 'utf8')));
    const pdf = await openHandbook();
    try {
      const labels = await pdf.getPageLabels();
      for (const s of answer.sources) {
        expect(s.page, s.id).toBeUndefined();
        const r = resolvePageLabel(labels, s.pageLabel!, pdf.numPages);
        if (s.id === 'S4') {
          expect(r).toEqual({ kind: 'unknown' });
          continue;
        }
        expect(r.kind, s.id).toBe('page');
        const page = (r as { page: number }).page;
        const text = (await (await pdf.getPage(page)).getTextContent()).items
          .map((i) => ('str' in i ? i.str : ''))
          .join(' ')
          .replace(/\s+/g, ' ');
        expect(text, `${s.id} on printed page ${s.pageLabel}`).toContain(s.quote!);
      }
      expect(resolvePageLabel(labels, '2', pdf.numPages)).toEqual({ kind: 'page', page: 5 });
    } finally {
      await pdf.loadingTask.destroy();
    }
  });
});
