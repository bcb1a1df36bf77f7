import type { EnglishPart } from '../catalog.ts';

// English: a citation's status chip and tooltip (src/app/status-badge.ts), shared by the answer and review panes.

export const badgeEn = {
  'badge.page': 'p. {page}',
  'badge.pages': 'pp. {page}–{end}',
  'badge.percent': '{value} %',
  'badge.checking': 'checking…',
  'badge.checkingLong': 'Not checked yet: the cited document is still loading or being searched.',
  'badge.locatedLong': 'Quote found word for word on {pages}.',
  'badge.approximate': '≈ {percent} · {pages}',
  'badge.approximateLong': 'Only an approximate match ({percent} of the quote\'s words agree) on {pages}.',
  'badge.found': 'found {pages}',
  'badge.wrongPageLong': 'Cited as page {claimed}, but the quote is on {pages}{match}.',
  'badge.match': ' ({percent} match)',
  'badge.wholeDocumentSearched': 'anywhere in the document (all {count} pages searched)',
  'badge.pagesSearched': 'on the pages searched ({list})',
  'badge.none': 'none',
  'badge.closest': ' Closest passage: {percent} on {pages}.',
  'badge.notFound': 'not found',
  'badge.notFoundLong': 'The quote is not {where}.{closest}',
  'badge.noTextLayer': 'no text layer',
  'badge.noTextLayerLong': 'The document has no text layer (a scan): the quote cannot be checked by its words.',
  'badge.missing': 'missing',
  'badge.locked': 'locked',
  'badge.cannotLoad': 'cannot load',
  'badge.pageLevelLong': 'No quote to check: the source points at {pages} only.',
  'badge.wholeDocument': 'whole document',
  'badge.documentLevelLong': 'No quote and no page: the source names only the document.',
  'badge.notChecked': 'not checked',
} as const satisfies EnglishPart;
