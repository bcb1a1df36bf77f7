import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adaptOpenrouter } from './adapters/openrouter/openrouter.ts';
import { adaptXai } from './adapters/xai/xai.ts';
import { identifyingNouns } from './review/support-coverage.ts';
import { extractFacts } from './review/support-facts.ts';
import { ranks } from './review/support-ranks.ts';
import { sourceFiles } from '../testing/source-files.ts';
import { cpuMs } from '../testing/cpu-time.ts';

// Catastrophic backtracking in patterns built at run time (`new RegExp(…)`), which regex-backtracking.test.ts cannot
// see (it runs the literals). Every `new RegExp(` in src and scripts outside tests must be listed in PROBES with how
// many there are in its file and a probe that drives the code holding them over adversarial inputs: a new one,
// anywhere in src or scripts, fails the first test until someone adds it here. Same measure and sizes as the
// literals' test: the big input may not cost more than LOADED_FLOOR_MS and MAX_GROWTH times the small one, nor
// HARD_LIMIT_MS at all.

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = path.resolve(src, '../scripts');
const SMALL = 2048;
const BIG = 16384;
const MAX_GROWTH = 24;
const LOADED_FLOOR_MS = 40;
const HARD_LIMIT_MS = 1500;

const docs = [{ id: 'ferry', title: 'Winter Ferry Timetable', url: 'https://ferries.example.is/timetables/winter' }];
const FERRY = 'https://ferries.example.is/timetables/winter';

/** Runs of the characters and words the file's patterns name, at length n, ended by a character nothing matches. */
const runs = (pieces: readonly string[]) => pieces.map((p) => (n: number) => p.repeat(Math.ceil(n / p.length)).slice(0, n) + '\u0000');

interface Probe {
  /** `new RegExp(` in the file. */
  count: number;
  inputs: ((n: number) => string)[];
  run(input: string): unknown;
}

const PROBES: Record<string, Probe> = {
  // Dates, amounts, percentages and bare numbers, built from MONTH, NUM and the multipliers.
  'core/review/support-facts.ts': {
    count: 9,
    inputs: runs(['1', '1 ', '1,', '1.', '1 1', 'may ', 'jan. ', '1 may ', 'may 1 ', '$1', '$ 1', '1 usd ', '1%', '% 1', '1 000 ', '1st ', '1 k', 'a', ' ']),
    run: (text) => extractFacts(text),
  },
  // Ranks from superlatives: "among the N largest", "the Nth-largest", "only N … larger than", "the largest".
  'core/review/support-ranks.ts': {
    count: 4,
    inputs: runs([
      'only ',
      'only 2 ',
      'only two a ',
      'only two a b c d e f ',
      'a ',
      'the ',
      'the largest ',
      'among the ',
      'among the 5 ',
      'one of the ',
      'one of  ',
      'top ',
      '2nd ',
      'second-',
      'most ',
      'larger ',
      'larger than ',
      '1',
      ' ',
    ]),
    run: (text) => ranks(text),
  },
  // Type nouns next to a name: "the film X", "X ( film )".
  'core/review/support-coverage.ts': {
    count: 2,
    inputs: runs(['the film ', 'the film `` ', 'the ', 'a film ', '( film ) ', 'a(film)', 'x ( ', 'x (film', '`` ', ' ']),
    run: (text) => identifyingNouns(text),
  },
  // The Markdown link to one cited URL (OpenRouter's and Groq's adapters use it; driven through OpenRouter's).
  'core/adapters/markdown-links.ts': {
    count: 1,
    inputs: runs(['[', '[a', '[[a]', '[a](', `[a](${FERRY}`, '(', ']', '](', ' ']),
    run: (content) =>
      adaptOpenrouter({
        id: 'a',
        documents: docs,
        payload: { choices: [{ message: { content, annotations: [{ type: 'url_citation', url_citation: { url: FERRY, title: 't' } }] } }] },
      }),
  },
  // The anchored copy of the `[[id]](url)` link literal.
  'core/adapters/xai/xai.ts': {
    count: 1,
    inputs: runs(['[[', '[[a]](', '[[a]](x(', '(', 'x(', ' ']),
    run: (content) => {
      try {
        return adaptXai({ id: 'a', documents: docs, payload: { output: [{ type: 'message', content: [{ type: 'output_text', text: content }] }] } });
      } catch {
        return null; // a payload the adapter refuses still ran its patterns over the text
      }
    },
  },
};

function time(run: () => unknown): number {
  return cpuMs(run);
}

describe('regular expressions built at run time', () => {
  it('every `new RegExp(` in src and scripts has a probe here', () => {
    const found: Record<string, number> = {};
    for (const file of [...sourceFiles(src), ...sourceFiles(scripts)]) {
      const count = readFileSync(file, 'utf8').split('new RegExp(').length - 1;
      if (count > 0) found[path.relative(src, file).split(path.sep).join('/')] = count;
    }
    expect(found).toEqual(Object.fromEntries(Object.entries(PROBES).map(([file, p]) => [file, p.count])));
  });

  it('stay roughly linear on adversarial inputs', { timeout: 300_000 }, () => {
    const slow: string[] = [];
    for (const [file, probe] of Object.entries(PROBES)) {
      for (const make of probe.inputs) {
        const big = make(BIG);
        if (time(() => probe.run(big)) < LOADED_FLOOR_MS) continue;
        const small = make(SMALL);
        // Measured again when it looks slow: on a loaded CI core one pause (a GC, another worker) can make a linear
        // run look 26× slower; a quadratic pattern is 64× slower every time.
        let verdict = '';
        for (let attempt = 0; attempt < 3; attempt++) {
          const tBig = Math.min(
            time(() => probe.run(big)),
            time(() => probe.run(big)),
          );
          const tSmall = Math.max(
            0.05,
            Math.min(
              time(() => probe.run(small)),
              time(() => probe.run(small)),
              time(() => probe.run(small)),
            ),
          );
          const tooSlow = tBig > HARD_LIMIT_MS || (tBig > LOADED_FLOOR_MS && tBig / tSmall > MAX_GROWTH);
          verdict = tooSlow ? `${file} on ${JSON.stringify(big.slice(0, 12))}… ${tSmall.toFixed(1)} ms → ${tBig.toFixed(1)} ms` : '';
          if (!tooSlow) break;
        }
        if (verdict) slow.push(verdict);
      }
    }
    expect(slow).toEqual([]);
  });
});
