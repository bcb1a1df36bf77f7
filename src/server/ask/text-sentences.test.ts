import { describe, expect, it } from 'vitest';
import { headingText, textSentences } from './text-sentences.ts';
import { cpuMs } from '../../testing/cpu-time.ts';

describe('headingText', () => {
  it('reads ATX headings and trims their closing sequence', () => {
    expect(headingText('# Fees')).toBe('Fees');
    expect(headingText('   ## Winter timetable ##  ')).toBe('Winter timetable');
    expect(headingText('### Crossings\r')).toBe('Crossings');
    expect(headingText('# #')).toBe('');
  });

  it('refuses lines that are not headings', () => {
    expect(headingText('#Fees')).toBeUndefined();
    expect(headingText('    # indented code')).toBeUndefined();
    expect(headingText('####### seven')).toBeUndefined();
    expect(headingText('Plain text')).toBeUndefined();
  });

  it('is linear on a long line of "# " (the old lazy pattern took ~17 s on 64 KB)', () => {
    const line = '# '.repeat(32_768);
    const ms = cpuMs(() => {
      expect(headingText(line)).toBe('');
      textSentences(`${line}\n\nThe ferry leaves at nine.`, true);
    });
    // ~1 ms of CPU here, far below the quadratic pattern's seconds
    expect(ms).toBeLessThan(500);
  });
});

describe('textSentences', () => {
  it('gives each sentence the heading above it as its section', () => {
    const text = '# Fees #\n\nA crossing costs ten krónur.\n\n## Times\nThe ferry leaves at nine.';
    expect(textSentences(text, true)).toEqual([
      { quote: 'A crossing costs ten krónur.', charStart: 10, charEnd: 38, section: 'Fees' },
      { quote: 'The ferry leaves at nine.', charStart: 49, charEnd: 74, section: 'Times' },
    ]);
  });
});
