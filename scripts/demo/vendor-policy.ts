// Document 1 of the demo: the Vendor Security Policy, 15 pages. The prose is split by groups of pages; this module
// puts them in order and checks the page count the answers depend on.

import { DocWriter } from './doc-writer.ts';
import type { BuiltDocument } from './passage-registry.ts';
import { writeVendorAccessPages } from './vendor-policy-access.ts';
import { writeVendorGovernancePages } from './vendor-policy-governance.ts';
import { writeVendorProtectionPages } from './vendor-policy-protection.ts';

/** What each page holds and what is unusual about it: the map to read before testing the viewer on a page. */
export const VENDOR_PAGES: Record<number, string> = {
  1: 'title block, 1. Purpose, 2. Scope',
  2: '3. Access Control (3.1-3.3)',
  3: '3. Access Control continued (3.4-3.7)',
  4: 'two-column page: 4. Network Security and Remote Connectivity',
  5: '5. Encryption (5.1-5.3)',
  6: 'CropBox 36 36 576 756 inside MediaBox 0 0 612 792: 5.4-5.6',
  7: 'ruled table: 6. Approved Cryptographic Algorithms',
  8: '/Rotate 90 landscape page, text drawn rotated: 7. Data Classification and Handling (table)',
  9: 'US Legal 612x1008: 8. Logging and Monitoring',
  10: '9. Security Incidents; clause 9.6 runs across the page break onto page 11',
  11: 'continuation of 9.6, 9.7, 10. Subprocessors',
  12: '11. Business Continuity, 12. Security Assessments and Audit',
  13: '13. Termination and Return of Data, 14. Personnel Security',
  14: '15. Exceptions, 16. Enforcement, 17. Definitions',
  15: '18. Related Documents, Document History table',
};

export async function buildVendorPolicy(): Promise<BuiltDocument> {
  const w = await DocWriter.create('Vendor Security Policy', '2026-03', 'Security requirements for vendors');
  writeVendorAccessPages(w);
  writeVendorProtectionPages(w);
  writeVendorGovernancePages(w);

  if (w.pageNumber !== 15) throw new Error(`vendor policy has ${w.pageNumber} pages, expected 15`);
  const bytes = await w.save();
  return { bytes, passages: w.passages, crops: w.surfaces.map((x) => x.crop) };
}
