// `npm run --silent support-bench`: the support rules (src/core/review/support-verdict.ts) on the labelled VitaminC
// pairs, as confusion matrices and the rates of issue #33 §3, for the dev half, the held-out half and all pairs.
// `--list` also prints every pair the rules got wrong, for the dev half only (keep the held-out half unseen);
// `--dev` prints the dev half alone, for tuning without seeing the held-out figures.
import { supportVerdict } from '../src/core/review/support-verdict.ts';
import { evaluate, formatMetrics, HELD_OUT_FILES, loadPairs, type Pair } from './support-bench/pairs.ts';

const pairs = loadPairs();
const verdictOf = (p: Pair) => supportVerdict(p.claim, { passages: [p.evidence] }).verdict;
const heldOut = pairs.filter((p) => p.half === 'held-out');
const halves = [
  ['dev half', pairs.filter((p) => p.half === 'dev')],
  ['held-out half', heldOut],
  ['  of which the first three files', heldOut.filter((p) => !HELD_OUT_FILES.has(p.file))],
  ['  of which the files added later', heldOut.filter((p) => HELD_OUT_FILES.has(p.file))],
  ['all pairs', pairs],
] as const;
const devOnly = process.argv.includes('--dev');
for (const [title, set] of devOnly ? halves.slice(0, 1) : halves) console.log(`${formatMetrics(title, evaluate(set, verdictOf))}\n`);

if (process.argv.includes('--list')) {
  for (const p of pairs.filter((x) => x.half === 'dev')) {
    const r = supportVerdict(p.claim, { passages: [p.evidence] });
    const right =
      (p.gold === 'supported' && r.verdict === 'supported') ||
      (p.gold === 'contradicted' && r.verdict === 'contradicted') ||
      (p.gold === 'not-enough-info' && r.verdict === 'needs-look');
    if (right) continue;
    console.log(`[${p.gold}${p.change ? `/${p.change}` : ''} → ${r.verdict}] ${p.claim}\n    evidence: ${p.evidence.slice(0, 220)}`);
    console.log(
      `    words ${r.wordCoverage.toFixed(2)}; missing: ${r.missing.join(' | ')}${r.contradiction ? `; contradiction: ${JSON.stringify(r.contradiction)}` : ''}`,
    );
  }
}
