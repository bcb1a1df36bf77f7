import { describe, expect, it } from 'vitest';
import { keyWords, standaloneQuestion } from './follow-up.ts';
import { validateMarkers } from './validate-markers.ts';

describe('standaloneQuestion', () => {
  const previous = 'How long until unused vendor accounts are disabled?';

  it('adds the previous question’s key words to a question that leans on it with a pronoun', () => {
    expect(standaloneQuestion('And when are they deleted?', previous)).toBe('And when are they deleted? (long unused vendor accounts disabled)');
    expect(standaloneQuestion('Who approves that?', 'Which vendors get privileged access?')).toBe('Who approves that? (vendors privileged access)');
  });

  it('adds them to a question too short to search with on its own', () => {
    expect(standaloneQuestion('Why?', previous)).toBe('Why? (long unused vendor accounts disabled)');
    expect(standaloneQuestion('And backups?', previous)).toBe('And backups? (long unused vendor accounts disabled)');
  });

  it('does not repeat words the question already has', () => {
    expect(standaloneQuestion('Are those accounts deleted?', previous)).toBe('Are those accounts deleted? (long unused vendor disabled)');
  });

  it('leaves a question that stands on its own, and a first question, as they are', () => {
    expect(standaloneQuestion('How long are backup copies of Company data kept?', previous)).toBe('How long are backup copies of Company data kept?');
    expect(standaloneQuestion('  And when are they deleted?  ', undefined)).toBe('And when are they deleted?');
  });

  it('carries only words that say what about, at most eight', () => {
    expect(keyWords('Please tell me what the policy says about vendor’s encryption keys')).toEqual(['vendor', 'encryption', 'keys']);
    const long = standaloneQuestion('And that?', 'alpha bravo charlie delta echo foxtrot golf hotel india juliet');
    expect(long).toBe('And that? (alpha bravo charlie delta echo foxtrot golf hotel)');
  });
});

describe('validateMarkers', () => {
  const allowed = new Set(['S1', 'S2', 'S3']);

  it('removes invented citations and reports them, keeping the valid ones', () => {
    const r = validateMarkers('Accounts are disabled after 30 days [S1]. They are deleted later [S9]. Keys rotate [S2, S7].', allowed);
    expect(r.text).toBe('Accounts are disabled after 30 days [S1]. They are deleted later. Keys rotate [S2].');
    expect(r.cited).toEqual(['S1', 'S2']);
    expect(r.invalid).toEqual(['S9', 'S7']);
  });

  it('reads [n] as [Sn], and leaves brackets in code alone', () => {
    const r = validateMarkers('Backups are encrypted [2]. See `arr[9]` and [4].', allowed);
    expect(r.text).toBe('Backups are encrypted [S2]. See `arr[9]` and.');
    expect(r.cited).toEqual(['S2']);
    expect(r.invalid).toEqual(['4']);
  });

  it('changes nothing in a text whose markers are all valid', () => {
    const text = 'One [S1].\n\nTwo [S3], three [S1].';
    expect(validateMarkers(text, allowed)).toEqual({ text, cited: ['S1', 'S3'], invalid: [] });
  });
});
