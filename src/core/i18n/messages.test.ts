import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chooseLocale, LOCALES, parseLocale } from './locale.ts';
import { messagesEn, PARTS_EN, type MessageKey, type PluralForms } from './messages-en.ts';
import { createTranslator, placeholdersOf } from './translate.ts';
import { messagesFa } from './messages-fa.ts';
import { quoteTooLongReason } from '../review/quote-limit.ts';
import { labelNote } from '../pages/page-labels.ts';
import { passageNoteText } from '../text-source/text-passage.ts';

const forms = (entry: string | PluralForms): string[] => (typeof entry === 'string' ? [entry] : Object.values(entry));
const CATALOGS = { en: messagesEn, fa: messagesFa } as const;
const keys = (locale: (typeof LOCALES)[number]) => Object.keys(CATALOGS[locale]).sort();

describe('the UI catalogs', () => {
  it('no key is in two parts of the English catalog (the merge would keep only the last one)', () => {
    const all = PARTS_EN.flatMap((part) => Object.keys(part));
    expect(all.length).toBe(Object.keys(messagesEn).length);
  });

  it('every language has exactly the English keys, and no empty text', () => {
    for (const locale of LOCALES) {
      expect(keys(locale)).toEqual(Object.keys(messagesEn).sort());
      for (const [key, entry] of Object.entries(CATALOGS[locale])) {
        for (const text of forms(entry)) expect(text.trim(), `${locale} ${key}`).not.toBe('');
        // Plural entries stay plural entries in every language (a `count` decides between their forms).
        expect(typeof entry, `${locale} ${key}`).toBe(typeof messagesEn[key as MessageKey]);
      }
    }
  });

  it('every Persian text is translated: it differs from the English one, except texts with no words in them', () => {
    // Only symbols and placeholders: the same in both languages (numbers are written in the locale's digits anyway).
    const noWords = new Set<MessageKey>(['common.number', 'find.noCurrent', 'badge.approximate']);
    for (const key of Object.keys(messagesEn) as MessageKey[]) {
      const same = JSON.stringify(CATALOGS.fa[key]) === JSON.stringify(messagesEn[key]);
      expect(same, `fa ${key}`).toBe(noWords.has(key));
    }
  });

  it('every translation takes the same placeholders as the English text', () => {
    const names = (entry: string | PluralForms) => [...new Set(forms(entry).flatMap(placeholdersOf))].sort();
    for (const locale of LOCALES) {
      for (const key of Object.keys(messagesEn) as MessageKey[]) {
        const entry = CATALOGS[locale][key];
        if (typeof entry === 'string') {
          expect(placeholdersOf(entry), `${locale} ${key}`).toEqual(placeholdersOf(messagesEn[key] as string));
        } else {
          // Plural forms together name what the English forms name; one form may leave `{count}` to its words.
          expect(names(entry), `${locale} ${key}`).toEqual(names(messagesEn[key]));
          for (const text of forms(entry)) {
            const english = names(messagesEn[key]).filter((n) => n !== 'count');
            expect(
              placeholdersOf(text).filter((n) => n !== 'count'),
              `${locale} ${key}: ${text}`,
            ).toEqual(english);
          }
        }
      }
    }
  });

  it('fills placeholders, writes numbers in the locale digits and picks plural forms', () => {
    const en = createTranslator('en');
    const fa = createTranslator('fa');
    expect(en('app.tagline')).toBe('Check an AI answer against its sources');
    expect(fa('app.language')).toBe('زبان');
    expect(en('outbox.waiting', { count: 1 })).toBe('1 decision saved locally — syncing');
    expect(en('outbox.waiting', { count: 3 })).toBe('3 decisions saved locally — syncing');
    expect(fa('outbox.answers', { count: 12 })).toBe('(۱۲ پاسخ)');
    // Core texts take the translator: English by default (the CLI's words), Persian when the UI is.
    expect(quoteTooLongReason('x'.repeat(12_345))).toBe(
      'Quote too long to search: 12,345 characters (the limit is 5,000). Compare it with the document yourself.',
    );
    expect(quoteTooLongReason('x'.repeat(12_345), fa)).toContain('۱۲٬۳۴۵');
    expect(labelNote({ kind: 'ambiguous', pages: [3, 12] }, 'iv')).toBe('Printed page “iv” appears on pages 3, 12; the passage was searched for by its quote');
    expect(labelNote({ kind: 'ambiguous', pages: [3, 12] }, 'iv', fa)).toContain('۳، ۱۲');
    const partial = { kind: 'section-partial', path: 'Setup > Windows', missing: ['Windows'], shown: ['Setup'] } as const;
    expect(passageNoteText(partial)).toBe('No section “Setup > Windows”: “Windows” is not there; showing “Setup”.');
    expect(passageNoteText({ ...partial, missing: [] })).toBe('No section “Setup > Windows”: showing “Setup”.');
    expect(passageNoteText({ kind: 'offsets-other-unit', unit: 'codepoint' }, fa)).toContain('نقطه‌کدها');
    expect(en('passage.missingPage', { page: 9, count: 1 })).toBe('Page 9 does not exist: the document has 1 page');
    expect(en('passage.missingPage', { page: 9, count: 4 })).toBe('Page 9 does not exist: the document has 4 pages');
    // Persian digits, no grouping separator in a page number.
    expect(new Intl.NumberFormat('fa', { useGrouping: false }).format(1024)).toBe('۱۰۲۴');
  });

  it('writes an English number as Intl would, though it skips Intl for integers', () => {
    const en = createTranslator('en');
    const intl = new Intl.NumberFormat('en', { useGrouping: false });
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(-0, 0, 1e21, Number.MAX_SAFE_INTEGER)), (value) => {
        expect(en('common.number', { value })).toBe(intl.format(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('choosing the UI language', () => {
  it('the link wins, then the saved choice, then the browser, then English', () => {
    expect(chooseLocale({ param: 'fa', saved: 'en', languages: ['en-US'] })).toBe('fa');
    expect(chooseLocale({ param: 'xx', saved: 'fa', languages: ['en-US'] })).toBe('fa');
    expect(chooseLocale({ param: null, saved: null, languages: ['de-DE', 'fa-IR', 'en'] })).toBe('fa');
    expect(chooseLocale({ languages: ['de', 'ja'] })).toBe('en');
    expect(parseLocale('FA_ir')).toBe('fa');
    expect(parseLocale('fa;drop table')).toBeUndefined();
  });

  it('never throws and only ever yields a shipped language', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), fc.array(fc.string()), (param, saved, languages) => {
        expect(LOCALES).toContain(chooseLocale({ param, saved, languages }));
      }),
    );
  });
});
