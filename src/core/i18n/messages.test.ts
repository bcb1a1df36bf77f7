import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chooseLocale, LOCALES, parseLocale } from './locale.ts';
import { messagesEn, PARTS_EN, type MessageKey, type PluralForms } from './messages-en.ts';
import { CATALOGS, createTranslator, placeholdersOf } from './translate.ts';

const forms = (entry: string | PluralForms): string[] => (typeof entry === 'string' ? [entry] : Object.values(entry));
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
            expect(placeholdersOf(text).filter((n) => n !== 'count'), `${locale} ${key}: ${text}`).toEqual(english);
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
    // Persian digits, no grouping separator in a page number.
    expect(new Intl.NumberFormat('fa', { useGrouping: false }).format(1024)).toBe('۱۰۲۴');
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
