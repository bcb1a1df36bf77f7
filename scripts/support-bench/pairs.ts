// The labelled claim/evidence pairs of src/testing/support-pairs (VitaminC, see its README.md) and what the support
// rules make of them: the confusion matrix and the rates issue #33 sets targets for, on two fixed halves (`dev`, on
// which the rules were tuned, and `held-out`, which was not looked at while tuning).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fnv1a } from '../../src/core/model/claims.ts';
import type { Verdict } from '../../src/core/review/support-verdict.ts';

export const PAIRS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/testing/support-pairs');
export const PAIR_FILES = [
  'vitaminc-test.jsonl',
  'vitaminc-train_0.jsonl',
  'vitaminc-train_1.jsonl',
  'vitaminc-train_2.jsonl',
  'vitaminc-train_3.jsonl',
  'vitaminc-train_4.jsonl',
] as const;
/**
 * Files added after the rules were tuned on the first three: every pair in them is held out (never dev), so the
 * held-out figure stays a test of rules that had not seen them (README.md, "Halves").
 */
export const HELD_OUT_FILES: ReadonlySet<string> = new Set(['vitaminc-train_2.jsonl', 'vitaminc-train_3.jsonl', 'vitaminc-train_4.jsonl']);

export type Gold = 'supported' | 'contradicted' | 'not-enough-info';
export type Change = 'number' | 'date' | 'unit' | 'negation' | 'entity' | 'other';
export type Half = 'dev' | 'held-out';

export interface Pair {
  id: string;
  file: string;
  claim: string;
  evidence: string;
  gold: Gold;
  /** For contradicted pairs: what differs (changes.json, labelled by hand). */
  change?: Change;
  half: Half;
}

// VitaminC's labels → ours (README.md says the same).
const LABELS: Record<string, Gold> = { supports: 'supported', refutes: 'contradicted', 'not enough info': 'not-enough-info' };

/** Fixed halves by the pair's id, so nobody picks them: FNV-1a of the id, even → dev, odd → held-out. */
export const halfOf = (id: string): Half => (parseInt(fnv1a(id), 36) % 2 === 0 ? 'dev' : 'held-out');

export function loadPairs(dir = PAIRS_DIR): Pair[] {
  const changes = (JSON.parse(readFileSync(path.join(dir, 'changes.json'), 'utf8')) as { changes: Record<string, Change> }).changes;
  const out: Pair[] = [];
  for (const file of PAIR_FILES) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { id: string; claim: string; evidence: string; label: string };
      const gold = LABELS[row.label];
      if (!gold) throw new Error(`${file}: unknown label ${row.label}`);
      const half = HELD_OUT_FILES.has(file) ? 'held-out' : halfOf(row.id);
      const pair: Pair = { id: row.id, file, claim: row.claim, evidence: row.evidence, gold, half };
      if (gold === 'contradicted') pair.change = changes[row.id] ?? 'other';
      out.push(pair);
    }
  }
  return out;
}

export const VERDICTS: readonly Verdict[] = ['supported', 'contradicted', 'needs-look'];
export const GOLDS: readonly Gold[] = ['supported', 'contradicted', 'not-enough-info'];

export interface Metrics {
  n: number;
  matrix: Record<Gold, Record<Verdict, number>>;
  /** contradicted on supported pairs / supported pairs (target ≤ 3 %). */
  falseContradicted: number;
  /** contradicted on contradicted pairs / contradicted pairs (target ≥ 80 %). */
  contradictedCaught: number;
  /** The same on pairs whose change is a number, date, unit or negation (target ≥ 95 %). */
  valueChangeCaught: number;
  valueChangeN: number;
  /** supported on supported pairs / supported pairs (target ≥ 50 %). */
  supportedShown: number;
  /** Of the pairs shown `supported`, the share that are supported. */
  supportedPrecision: number;
  /** Of the pairs shown `contradicted`, the share that are contradicted. */
  contradictedPrecision: number;
  /** Mean recall of the three classes, needs-look read as not-enough-info. */
  balancedAccuracy: number;
}

const VALUE_CHANGES: ReadonlySet<Change> = new Set(['number', 'date', 'unit', 'negation']);
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function evaluate(pairs: readonly Pair[], verdictOf: (p: Pair) => Verdict): Metrics {
  const matrix = Object.fromEntries(GOLDS.map((g) => [g, Object.fromEntries(VERDICTS.map((v) => [v, 0]))])) as Metrics['matrix'];
  let valueN = 0;
  let valueCaught = 0;
  for (const p of pairs) {
    const v = verdictOf(p);
    matrix[p.gold][v]++;
    if (p.gold === 'contradicted' && p.change && VALUE_CHANGES.has(p.change)) {
      valueN++;
      if (v === 'contradicted') valueCaught++;
    }
  }
  const row = (g: Gold) => VERDICTS.reduce((s, v) => s + matrix[g][v], 0);
  const col = (v: Verdict) => GOLDS.reduce((s, g) => s + matrix[g][v], 0);
  const recall = [
    ratio(matrix.supported.supported, row('supported')),
    ratio(matrix.contradicted.contradicted, row('contradicted')),
    ratio(matrix['not-enough-info']['needs-look'], row('not-enough-info')),
  ];
  return {
    n: pairs.length,
    matrix,
    falseContradicted: ratio(matrix.supported.contradicted, row('supported')),
    contradictedCaught: ratio(matrix.contradicted.contradicted, row('contradicted')),
    valueChangeCaught: ratio(valueCaught, valueN),
    valueChangeN: valueN,
    supportedShown: ratio(matrix.supported.supported, row('supported')),
    supportedPrecision: ratio(matrix.supported.supported, col('supported')),
    contradictedPrecision: ratio(matrix.contradicted.contradicted, col('contradicted')),
    balancedAccuracy: recall.reduce((a, b) => a + b, 0) / recall.length,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The report as text: one block per half and for all pairs. */
export function formatMetrics(title: string, m: Metrics): string {
  const lines = [`${title} (${m.n} pairs)`, `  gold \\ verdict     ${VERDICTS.map((v) => v.padStart(13)).join('')}`];
  for (const g of GOLDS) lines.push(`  ${g.padEnd(18)}${VERDICTS.map((v) => String(m.matrix[g][v]).padStart(13)).join('')}`);
  lines.push(
    `  false contradicted on supported pairs: ${pct(m.falseContradicted)} (target ≤ 3 %)`,
    `  contradicted pairs caught:             ${pct(m.contradictedCaught)} (target ≥ 80 %)`,
    `  … with a changed number/date/unit/negation (${m.valueChangeN}): ${pct(m.valueChangeCaught)} (target ≥ 95 %)`,
    `  supported pairs shown supported:       ${pct(m.supportedShown)} (target ≥ 50 %)`,
    `  precision: supported ${pct(m.supportedPrecision)}, contradicted ${pct(m.contradictedPrecision)}; balanced accuracy ${pct(m.balancedAccuracy)}`,
  );
  return lines.join('\n');
}
