// The two demo documents by id, with the title and version the answers and the server's metadata files use.

import type { BuiltDocument } from './passage-registry.ts';
import { buildRetentionPolicy } from './retention-policy.ts';
import { buildSupplierHandbook } from './supplier-handbook.ts';
import { buildVendorPolicy } from './vendor-policy.ts';

export interface DocInfo {
  id: string;
  title: string;
  version: string;
}

export const VENDOR_DOC: DocInfo = { id: 'vendor-security-policy', title: 'Vendor Security Policy', version: '2026-03' };
export const RETENTION_DOC: DocInfo = { id: 'data-retention-policy', title: 'Data Retention Policy', version: '2025-11' };
/** Printed page labels (i-iii, 1-4, A-1, A-2) and an outline: the viewer's sidebar and citations by label. */
export const HANDBOOK_DOC: DocInfo = { id: 'supplier-handbook', title: 'Supplier Handbook', version: '2026-02' };

/**
 * Both demo documents as built: their bytes, the passage registry (every cited passage's words and canonical boxes)
 * and each page's CropBox, keyed by document id.
 */
export async function buildDemoDocuments(): Promise<Map<string, BuiltDocument>> {
  return new Map([
    [VENDOR_DOC.id, await buildVendorPolicy()],
    [RETENTION_DOC.id, await buildRetentionPolicy()],
    [HANDBOOK_DOC.id, await buildSupplierHandbook()],
  ]);
}
