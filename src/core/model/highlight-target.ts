import type { Box, CoordsDescriptor } from './types.ts';

/**
 * What the app asks a viewer to show: one cited source in one document. `nonce` changes on every click so that
 * clicking the same marker twice re-centres and flashes again.
 */
export interface HighlightTarget {
  sourceId: string;
  /** Marker key that asked for it ("2", "S2"), for labels only. */
  markerKey: string;
  documentId: string;
  /** Hinted first page (1-based); used for the quote search and for the "not located" fallback. */
  page?: number;
  pageEnd?: number;
  /** The printed page label ("iv") when the source names one; the viewer turns it into `page` when `page` is absent. */
  pageLabel?: string;
  /** Set by the viewer when `pageLabel` named no single page: why the passage was searched for by its quote. */
  pageNote?: string;
  /** Exact boxes when the source has them; then no search is needed. */
  boxes?: Box[];
  /** The convention of `boxes` when it is not canonical; the viewer converts with each page's own frame. */
  coords?: CoordsDescriptor;
  /** The quote to find in the PDF text when there are no boxes. */
  quote?: string;
  /** Index of the region (rectangle group) to show first. */
  region?: number;
  nonce: number;
}
