import { describe, expect, it } from 'vitest';
import { stripPageMarkers } from './page-markers.ts';

describe('stripPageMarkers', () => {
  it('takes the page from a leading marker and removes it from the passage', () => {
    expect(stripPageMarkers('--- PAGE 1 ---\n\nThe Answer is 42.\n')).toEqual({ text: 'The Answer is 42.', page: 1 });
  });

  it('gives page and pageEnd to a passage that crosses a marker, without the marker', () => {
    expect(stripPageMarkers('end of two.\n--- PAGE 3 ---\nstart of three.')).toEqual({ text: 'end of two.\nstart of three.', page: 2, pageEnd: 3 });
    expect(stripPageMarkers('--- PAGE 4 ---\nfour\n\n--- PAGE 5 ---\nfive')).toEqual({ text: 'four\n\nfive', page: 4, pageEnd: 5 });
  });

  it('leaves text without markers, or with a marker inside a line, unchanged', () => {
    expect(stripPageMarkers('No markers here.')).toEqual({ text: 'No markers here.' });
    expect(stripPageMarkers('see --- PAGE 2 --- below')).toEqual({ text: 'see --- PAGE 2 --- below' });
  });
});
