import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../testing/source-files.ts';
import { cpuMs } from '../testing/cpu-time.ts';

// Catastrophic backtracking (issue: hardening): EVERY regular-expression literal in src and scripts is found by
// parsing the sources (so a new one is tested without anyone listing it) and run, as a global search (the way
// `replace`, `matchAll` and a failing `test` walk a string), over adversarial inputs of growing size: long runs of
// each character the pattern names, and of pairs of them (its own characters first, so `# ` and `[a` are tried),
// ended by a character that matches nothing. Linear work grows 8× from 2,048 to 16,384 characters; quadratic work
// 64×. A pattern fails when the big input costs more than LOADED_FLOOR_MS and more than MAX_GROWTH times the small
// one, or more than HARD_LIMIT_MS at all. The floor keeps timer noise on a loaded 2-core CI from failing a linear
// pattern; at 8k a quadratic one could stay under it (a link pattern took ~26 ms there), at 16k it cannot.

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOTS = [path.resolve(here, '..'), path.resolve(here, '../../scripts')];
const SMALL = 2048;
const BIG = 16384;
const MAX_GROWTH = 24;
const LOADED_FLOOR_MS = 40;
const HARD_LIMIT_MS = 1500;
/** Measurements of a pattern that looked slow, before it is judged. */
const ROUNDS = 6;

interface Found {
  file: string;
  line: number;
  regex: RegExp;
}

function regexLiterals(file: string): Found[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Found[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(sf);
      const slash = literal.lastIndexOf('/');
      const regex = new RegExp(literal.slice(1, slash), literal.slice(slash + 1));
      found.push({ file: path.relative(path.resolve(here, '../..'), file), line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, regex });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The characters a pattern names: its literal characters and a representative of each class it uses. */
function alphabet(source: string): string[] {
  const chars = new Set<string>();
  const classes: Record<string, string[]> = {
    s: [' ', '\t'],
    d: ['1'],
    w: ['a', '_'],
    S: ['a'],
    D: ['a'],
    W: [' '],
    b: [],
    B: [],
    n: ['\n'],
    r: ['\r'],
    t: ['\t'],
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const e = source[++i] ?? '';
      if (e === 'p' || e === 'P') {
        chars.add('a').add('é').add('١').add('中');
        i = source.indexOf('}', i);
      } else if (e === 'u' && source[i + 1] === '{') i = source.indexOf('}', i);
      else if (e === 'u') {
        chars.add(String.fromCharCode(parseInt(source.slice(i + 1, i + 5), 16)));
        i += 4;
      } else for (const r of classes[e] ?? [e]) chars.add(r);
    } else if (!'^$()|?*+{}'.includes(c)) chars.add(c);
  }
  // the pattern's own characters first, so its pairs (`# `, `[a`) are among the runs tried; then the usual suspects
  for (const c of [' ', 'a', '1', '\n', '.', '-']) chars.add(c);
  return [...chars].slice(0, 24);
}

function inputs(source: string): ((n: number) => string)[] {
  const letters = alphabet(source);
  const end = '\u0000';
  const out: ((n: number) => string)[] = letters.map((c) => (n: number) => c.repeat(n) + end);
  for (const a of letters.slice(0, 8)) for (const b of letters.slice(0, 8)) if (a !== b) out.push((n) => (a + b).repeat(n / 2) + end);
  // a run of one character then another: "aaaa…a " (patterns like /\w+\s*$/)
  for (const a of letters.slice(0, 6)) for (const b of letters.slice(0, 6)) if (a !== b) out.push((n) => a.repeat(n) + b + end);
  return out;
}

function timeSearch(global: RegExp, text: string): number {
  global.lastIndex = 0;
  return cpuMs(() => text.replace(global, ''));
}

const all = ROOTS.flatMap(sourceFiles).flatMap(regexLiterals);

describe('no regular expression in src or scripts backtracks catastrophically', () => {
  it('finds the patterns it tests', () => {
    expect(all.length).toBeGreaterThan(150);
  });

  it('every pattern stays roughly linear on adversarial inputs', { timeout: 300_000 }, () => {
    const slow: string[] = [];
    for (const { file, line, regex } of all) {
      const global = new RegExp(regex.source, regex.flags.replace(/[gy]/g, '') + 'g');
      for (const make of inputs(regex.source)) {
        const big = make(BIG);
        const tBig = timeSearch(global, big);
        if (tBig < LOADED_FLOOR_MS) continue;
        // The big input was slow: measure both again, interleaved, and keep each one's fastest. A descheduled thread
        // or a GC pause is no pattern's fault, and on a loaded CI machine one came twice in a row (a plain /[ \t]/
        // read 46 ms); quadratic work is slow every time.
        const small = make(SMALL);
        let tBigAgain = tBig;
        let tSmall = Number.POSITIVE_INFINITY;
        for (let round = 0; round < ROUNDS && tBigAgain > LOADED_FLOOR_MS; round++) {
          tSmall = Math.min(tSmall, timeSearch(global, small));
          tBigAgain = Math.min(tBigAgain, timeSearch(global, big));
        }
        tSmall = Math.max(0.05, tSmall);
        if (tBigAgain > HARD_LIMIT_MS || (tBigAgain > LOADED_FLOOR_MS && tBigAgain / tSmall > MAX_GROWTH)) {
          slow.push(`${file}:${line} ${regex} on ${JSON.stringify(big.slice(0, 12))}… ${tSmall.toFixed(1)} ms → ${tBigAgain.toFixed(1)} ms`);
          break;
        }
      }
    }
    expect(slow).toEqual([]);
  });
});
