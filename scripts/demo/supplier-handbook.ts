// Document 3 of the demo: the Supplier Handbook, 9 pages with printed page labels and an outline, so the viewer's
// sidebar and its citations by printed page have a real document to show:
//   physical 1-3 → i, ii, iii (front matter), 4-7 → 1-4 (body), 8-9 → A-1, A-2 (appendix).
// Passages: sh-foreword (iii), sh-contract (2), sh-exit. Its answer cites them by label only.

import { DocWriter } from './doc-writer.ts';
import type { BuiltDocument } from './passage-registry.ts';
import { labelsOf, setOutline, setPageLabels, type Bookmark, type LabelRange } from './pdf-navigation.ts';

export const HANDBOOK_LABELS: readonly LabelRange[] = [
  { startPage: 1, style: 'r' },
  { startPage: 4, style: 'D' },
  { startPage: 8, style: 'D', prefix: 'A-' },
];

export const HANDBOOK_OUTLINE: readonly Bookmark[] = [
  { title: 'Foreword', page: 3 },
  {
    title: '1. Onboarding',
    page: 4,
    children: [
      { title: '1.1 Due diligence', page: 4 },
      { title: '1.2 Contracts', page: 5 },
    ],
  },
  {
    title: '2. Operations',
    page: 6,
    children: [
      { title: '2.1 Deliveries', page: 6 },
      { title: '2.2 Incidents', page: 7 },
    ],
  },
  {
    title: 'Appendix A. Checklists',
    page: 8,
    children: [
      { title: 'A.1 Onboarding checklist', page: 8 },
      { title: 'A.2 Exit checklist', page: 9, named: 'exit-checklist' },
    ],
  },
];

const PAGES = 9;

export async function buildSupplierHandbook(): Promise<BuiltDocument> {
  const w = await DocWriter.create('Supplier Handbook', '2026-02', 'How suppliers work with Halverson Logistics');
  w.printedLabels = labelsOf(HANDBOOK_LABELS, PAGES);

  // i
  w.newPage();
  w.titleBlock('Supplier Handbook', [
    ['Owner', 'Procurement Office'],
    ['Version', '2026-02'],
    ['Audience', 'Suppliers and Company sponsors'],
  ]);
  w.para(
    'This handbook explains how suppliers are selected, contracted, managed and exited. It applies together with the Vendor Security Policy and the Data Retention Policy, which take precedence where they are stricter.',
  );

  // ii
  w.newPage();
  w.heading1('Contents');
  for (const [title, page] of [
    ['Foreword', 'iii'],
    ['1. Onboarding', '1'],
    ['2. Operations', '3'],
    ['Appendix A. Checklists', 'A-1'],
  ] as const) {
    w.para(`${title} .......... ${page}`);
  }

  // iii
  w.newPage();
  w.heading1('Foreword');
  w.para(
    '{{sh-foreword}}Every supplier relationship has a named Company sponsor who is accountable for it from selection to exit.{{/}} The sponsor is the first contact for the supplier and for the Procurement Office, and keeps the supplier file up to date.',
  );
  w.para('The Procurement Office reviews this handbook every year and publishes changes to suppliers one month before they take effect.');

  // 1
  w.newPage();
  w.heading1('1. Onboarding');
  w.heading2('1.1 Due diligence');
  w.para(
    'Before a contract is signed, the sponsor collects the supplier questionnaire, two references and, for suppliers that will handle Company data, the security assessment required by the Vendor Security Policy.',
  );
  w.para('Suppliers that fail due diligence may apply again after six months.');

  // 2
  w.newPage();
  w.heading2('1.2 Contracts');
  w.para(
    '{{sh-contract}}Every contract states the services, the service levels, the price and how either party may end the agreement, and no work starts before it is signed.{{/}} Contracts above the sponsor approval limit also need the approval of the Procurement Office.',
  );

  // 3
  w.newPage();
  w.heading1('2. Operations');
  w.heading2('2.1 Deliveries');
  w.para('Deliveries are booked through the supplier portal at least two working days in advance, with the purchase order number on every delivery note.');

  // 4
  w.newPage();
  w.heading2('2.2 Incidents');
  w.para(
    'A supplier reports any incident that affects the services to its sponsor within one working day, and any security incident as the Vendor Security Policy requires.',
  );

  //
  w.newPage();
  w.heading1('Appendix A. Checklists');
  w.heading2('A.1 Onboarding checklist');
  w.para('Questionnaire received; references checked; security assessment passed; contract signed; supplier added to the portal.');

  //
  w.newPage();
  w.heading2('A.2 Exit checklist');
  w.para(
    '{{sh-exit}}At exit the sponsor confirms that all Company property and data have been returned or destroyed and that access to Company systems has been removed.{{/}} The supplier file is then closed and kept for the period set in the Retention Schedule.',
  );

  if (w.pageNumber !== PAGES) throw new Error(`supplier handbook has ${w.pageNumber} pages, expected ${PAGES}`);
  setPageLabels(w.pdf, HANDBOOK_LABELS);
  setOutline(w.pdf, HANDBOOK_OUTLINE);
  const bytes = await w.save();
  return { bytes, passages: w.passages, crops: w.surfaces.map((x) => x.crop) };
}
