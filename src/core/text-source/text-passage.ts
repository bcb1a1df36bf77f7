import { findInPassage } from '../model/passage-mark.ts';
import type { SourceLocation } from '../model/types.ts';
import { toUtf16Range, type CharUnit } from './code-point-offsets.ts';
import { resolveSectionPath, type Section, type SectionResolution } from './section-path.ts';
import type { VisibleText } from './visible-text.ts';
import { translateEnglish, type Translate } from '../i18n/translate.ts';

// Where a citation's passage is in a Markdown or plain-text document, from what the citation gives:
//  1. character offsets (`location.charStart/charEnd`, in `location.charUnit`, UTF-16 by default): exact, no search.
//     When the source also quotes words, the offsets must agree with them: a quote inside the offset range narrows
//     the highlight to it (persian_rag's offsets span the chunk, its quote the best sentence); offsets that hold
//     other words (a wrong unit, another version of the file) are tried in the other unit, then left for the quote;
//  2. the quote, found in the words the reader sees (see visible-text.ts) with the quote locator's normalizer,
//     inside the cited section first;
//  3. the section heading path alone: the whole section.
// Pure: the viewer draws the ranges, the review checks the quote with the same function.

export interface TextRange {
  /** UTF-16 offsets into the raw document text, end exclusive. */
  start: number;
  end: number;
}

export interface TextCitation {
  location?: SourceLocation;
  quote?: string;
  section?: string;
}

export interface TextPassage {
  /** What placed the highlight. */
  by: 'offsets' | 'quote' | 'section' | 'none';
  /** The highlighted ranges in reading order (empty when nothing was placed). */
  ranges: TextRange[];
  /** The cited section's resolution, when the citation names one. */
  section?: SectionResolution;
  /** The section that holds the passage (the cited one, else the innermost around the highlight): the breadcrumb. */
  context?: Section;
  /** The quote was looked for and is not in the document. */
  quoteMissing: boolean;
  /** What the reader should know about anything that did not go as cited: words by `passageNoteText`. */
  notes: PassageNote[];
}

/** Something that did not go as cited, as data: the UI words it in its language (`passageNoteText`). */
export type PassageNote =
  | { kind: 'offsets-other-unit'; unit: CharUnit }
  | { kind: 'offsets-miss' }
  | { kind: 'offsets-outside' }
  | { kind: 'quote-missing' }
  | { kind: 'section-ambiguous'; path: string; count: number }
  | { kind: 'section-partial'; path: string; missing: readonly string[]; shown: readonly string[] }
  | { kind: 'section-not-found'; path: string };

/** A note in plain words: English by default, the UI language when the viewer hands its translator. */
export function passageNoteText(note: PassageNote, t: Translate = translateEnglish): string {
  switch (note.kind) {
    case 'offsets-other-unit':
      return t('textNote.otherUnit', { unit: note.unit === 'utf16' ? t('textNote.utf16') : t('textNote.codePoints') });
    case 'offsets-miss':
      return t('textNote.offsetsMiss');
    case 'offsets-outside':
      return t('textNote.offsetsOutside');
    case 'quote-missing':
      return t('textNote.quoteMissing');
    case 'section-ambiguous':
      return t('textNote.sectionAmbiguous', { count: note.count, path: note.path });
    case 'section-partial':
      return t('textNote.sectionPartial', {
        path: note.path,
        missing: note.missing.length > 0 ? t('textNote.sectionMissing', { missing: note.missing.join(' > ') }) : '',
        shown: note.shown.join(' > '),
      });
    case 'section-not-found':
      return t('textNote.sectionNotFound', { path: note.path });
    default: {
      const never: never = note;
      return never;
    }
  }
}

export function locateTextPassage(raw: string, visible: VisibleText, sections: readonly Section[], citation: TextCitation): TextPassage {
  const notes: PassageNote[] = [];
  const quote = citation.quote?.trim() ?? '';
  const sectionPath = citation.section?.trim() ?? '';
  const section = sectionPath ? resolveSectionPath(sections, sectionPath) : undefined;
  if (section) notes.push(...sectionNotes(sectionPath, section));
  const cited = section && section.kind !== 'not-found' ? section.section : undefined;
  const done = (by: TextPassage['by'], ranges: TextRange[], quoteMissing = false): TextPassage => {
    const context = cited ?? (ranges[0] ? innermost(sections, ranges[0].start) : undefined);
    return { by, ranges, ...(section && { section }), ...(context && { context }), quoteMissing, notes };
  };

  const offsets = offsetRange(raw, citation.location);
  if (offsets) {
    if (!quote) return done('offsets', [offsets.range]);
    const inside = findQuote(raw, visible, quote, offsets.range);
    if (inside) return done('offsets', [inside]);
    if (offsets.other) {
      const retry = findQuote(raw, visible, quote, offsets.other);
      if (retry) {
        notes.push({ kind: 'offsets-other-unit', unit: offsets.otherUnit! });
        return done('offsets', [retry]);
      }
    }
    notes.push({ kind: 'offsets-miss' });
  } else if (citation.location?.charStart !== undefined || citation.location?.charEnd !== undefined) {
    notes.push({ kind: 'offsets-outside' });
  }

  if (quote) {
    const found = (cited && findQuote(raw, visible, quote, cited)) || findQuote(raw, visible, quote, { start: 0, end: raw.length });
    if (found) return done('quote', [found]);
    notes.push({ kind: 'quote-missing' });
    if (cited) return done('section', [{ start: cited.start, end: cited.end }], true);
    return done('none', [], true);
  }
  if (cited) return done('section', [{ start: cited.start, end: cited.end }]);
  return done('none', []);
}

function offsetRange(raw: string, location: SourceLocation | undefined): { range: TextRange; other?: TextRange; otherUnit?: CharUnit } | null {
  const { charStart, charEnd } = location ?? {};
  if (charStart === undefined || charEnd === undefined) return null;
  const unit: CharUnit = location?.charUnit ?? 'utf16';
  const range = toUtf16Range(raw, charStart, charEnd, unit);
  if (!range) return null;
  const otherUnit: CharUnit = unit === 'utf16' ? 'codepoint' : 'utf16';
  const other = toUtf16Range(raw, charStart, charEnd, otherUnit);
  return other && (other.start !== range.start || other.end !== range.end) ? { range, other, otherUnit } : { range };
}

/** The raw range of `quote` within raw `[within.start, within.end)`, searched in the visible words. */
export function findQuote(raw: string, visible: VisibleText, quote: string, within: TextRange): TextRange | null {
  // Visible units whose raw offsets fall inside `within`: one contiguous run, since the mapping is monotonic.
  let from = 0;
  while (from < visible.raw.length && visible.raw[from]! < within.start) from++;
  let to = from;
  while (to < visible.raw.length && visible.raw[to]! < within.end) to++;
  const hit = findInPassage(visible.text.slice(from, to), quote);
  if (!hit) return null;
  const start = visible.raw[from + hit.start]!;
  const end = visible.raw[from + hit.end - 1]! + 1;
  return end > start && end <= raw.length ? { start, end } : null;
}

function innermost(sections: readonly Section[], offset: number): Section | undefined {
  let best: Section | undefined;
  for (const s of sections) if (s.start <= offset && offset < s.end && (!best || s.depth > best.depth)) best = s;
  return best;
}

function sectionNotes(path: string, r: SectionResolution): PassageNote[] {
  switch (r.kind) {
    case 'found':
      return [];
    case 'ambiguous':
      return [{ kind: 'section-ambiguous', path, count: r.candidates.length }];
    case 'partial':
      return [{ kind: 'section-partial', path, missing: r.missing, shown: r.section.path }];
    case 'not-found':
      return [{ kind: 'section-not-found', path }];
    default: {
      const never: never = r;
      return never;
    }
  }
}
