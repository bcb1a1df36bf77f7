import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTranslator } from '../i18n/translate.ts';
import { addressRefusal, refusedDocumentAddress } from './document-address.ts';

describe('refusedDocumentAddress', () => {
  it('lets http(s), relative, blob: and the local placeholder through', () => {
    for (const url of [
      'https://x.example/a.pdf',
      'http://127.0.0.1:4173/api/documents/a',
      '/api/documents/a',
      '../documents/a.pdf',
      'a.pdf',
      'blob:http://localhost/1-2',
      'local-file:a',
    ]) {
      expect(refusedDocumentAddress(url)).toBeNull();
    }
  });

  it('refuses script, file, data and other schemes, naming the scheme, whatever their case or padding', () => {
    expect(refusedDocumentAddress('javascript:alert(1)')).toContain('“javascript:”');
    expect(refusedDocumentAddress('  JavaScript:alert(1)')).toContain('“javascript:”');
    expect(refusedDocumentAddress('file:///etc/passwd')).toContain('“file:”');
    expect(refusedDocumentAddress('data:application/pdf;base64,JVBERi0=')).toContain('“data:”');
    expect(refusedDocumentAddress('vbscript:msgbox')).toContain('“vbscript:”');
    expect(refusedDocumentAddress('')).toBe('it has no address.');
    expect(refusedDocumentAddress('http://[::1')).toBe('its address is not a valid URL.');
  });

  it('never throws, and never lets a non-http(s) absolute address through', () => {
    fc.assert(
      fc.property(fc.string(), (url) => {
        const refused = refusedDocumentAddress(url);
        if (refused === null) {
          const scheme = new URL(url.trim(), 'http://relative.invalid/').protocol;
          expect(['http:', 'https:', 'blob:', 'local-file:']).toContain(scheme);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('says it in the UI language when handed a translator, from the same data the review keeps', () => {
    expect(addressRefusal('file:///etc/passwd')).toEqual({ kind: 'scheme', scheme: 'file:' });
    const persian = refusedDocumentAddress('file:///etc/passwd', createTranslator('fa'));
    expect(persian).toContain('«file:»');
    expect(persian).not.toMatch(/address|only/);
    expect(refusedDocumentAddress('', createTranslator('fa'))).toBe('نشانی ندارد.');
  });
});
