import { describe, expect, it } from 'vitest';
import { AdapterError } from '../errors.ts';
import { adaptRaglite } from './raglite.ts';
import { adaptFixture } from '../../../testing/adapter-fixtures.ts';
import { resolveMarker } from '../../model/resolve.ts';

const docs = [{ id: 'd', title: 'Policy', url: '/api/documents/d' }];

describe('raglite adapter', () => {
  it('keeps the text and maps [n] to sources, with pages and sections', () => {
    const { answer, warnings } = adaptFixture('raglite');
    expect(answer.text.startsWith('Vendors must send Company data only over TLS 1.2 or newer [1].')).toBe(true);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
      { n: 3, sourceId: 'S1' },
    ]);
    const [s1, s2] = answer.sources;
    expect(s1).toMatchObject({ id: 'S1', documentId: 'vendor-security-policy', chunk: '4', page: 3, section: '4 Encryption > 4.1 In transit' });
    expect(s1).not.toHaveProperty('pageEnd');
    expect(s1).not.toHaveProperty('quote'); // raglite gives the passage, not a quote
    expect(s1?.text).toContain('TLS 1.2');
    expect(s1?.flags?.[0]?.code).toBe('duplicate-collapsed');
    expect(s2).toMatchObject({ id: 'S2', documentId: 'data-retention-policy', page: 5, pageEnd: 6 });
    expect(s2).not.toHaveProperty('section');
    expect(answer.sources).toHaveLength(2);
    expect(resolveMarker(answer, '3')?.id).toBe('S1');
    expect(resolveMarker(answer, '4')).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('"onboarding-handbook.md", which matches no document; the citation was dropped')]);
  });

  it("maps an unknown source to the wrapper's only document, with a warning", () => {
    const { answer, warnings } = adaptRaglite({
      id: 'a',
      documents: docs,
      payload: { text: 'x [1]', citations: [{ n: 1, source: 'other.pdf', chunk: 1, page: 2, text: 'p' }] },
    });
    expect(answer.sources[0]).toMatchObject({ documentId: 'd', page: 2 });
    expect(warnings[0]).toContain('mapped to the only document "d"');
  });

  it('accepts null for absent fields and never invents them', () => {
    const { answer } = adaptRaglite({
      id: 'a',
      documents: docs,
      payload: { text: 'x [1]', citations: [{ n: 1, source: 'd', chunk: null, page: null, pageEnd: null, section: null, text: null }] },
    });
    expect(answer.sources[0]).toEqual({ id: 'S1', documentId: 'd' });
  });

  it('throws an AdapterError with readable issues for a bad payload', () => {
    try {
      adaptRaglite({ id: 'a', documents: docs, payload: { text: 1, citations: [{ n: 'one', source: '' }] } });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AdapterError);
      const err = e as AdapterError;
      expect(err.format).toBe('raglite');
      expect(err.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^payload\.text: /), expect.stringMatching(/^payload\.citations\[0\]\.n: /)]));
      expect(err.message).toContain('The "raglite" payload does not have the expected shape');
    }
  });
});
