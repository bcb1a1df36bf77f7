// Answer pane benchmark: the cost of showing one answer, in Node (no browser): the answer model (Markdown parse,
// markers, claims) and the render of the parsed answer to markup (react-dom/server), for a realistic 50 KB answer and
// for inputs that are slow for Markdown parsers or regex scans.
//
//   NODE_ENV=production npx tsx scripts/bench-answer.tsx            best of 7 runs per input (React production build)
//   NODE_ENV=production npx tsx scripts/bench-answer.tsx --runs 3
//
// Never part of `npm test` or CI. Prints one line per input: the process's CPU time (user + system, all threads), the
// best of the runs, which a busy machine disturbs far less than wall-clock time; still, compare runs made side by side.

import { renderToStaticMarkup } from 'react-dom/server';
import { buildAnswerModel } from '../src/core/model/answer-model.ts';
import type { Answer } from '../src/core/model/types.ts';
import { AnswerMarkdown } from '../src/features/answer/answer-markdown.tsx';

const argv = process.argv.slice(2);
const runsArg = argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Math.max(1, Number(argv[runsArg + 1]) || 7) : 7;

/** A reproducible answer of about `size` characters: headings, cited prose, lists, tables, quotes, code. */
function realisticAnswer(size: number): string {
  const words = 'vendors must keep access logs for ninety days and encrypt data at rest with keys rotated yearly by the security team'.split(' ');
  let seed = 7;
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  const sentence = () => {
    const w = Array.from({ length: 8 + rnd(14) }, () => words[rnd(words.length)]).join(' ');
    const marker = rnd(4) === 0 ? '' : ` [${1 + rnd(6)}]` + (rnd(5) === 0 ? `[${1 + rnd(6)}]` : '');
    const code = rnd(6) === 0 ? ` with \`cfg[${rnd(9)}]\` set` : '';
    const link = rnd(7) === 0 ? ' per [the policy](https://example.com/p)' : '';
    return w[0]!.toUpperCase() + w.slice(1) + code + link + marker + '.';
  };
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    let block: string;
    switch (i % 6) {
      case 0:
        block = `## Section ${i}`;
        break;
      case 1:
      case 2:
        block = Array.from({ length: 4 }, sentence).join(' ');
        break;
      case 3:
        block = Array.from({ length: 4 }, () => `- ${sentence()}`).join('\n');
        break;
      case 4:
        block = `| Control | Status |\n| --- | --- |\n| MFA | ${sentence()} |\n| Logs | ${sentence()} |`;
        break;
      default:
        block = rnd(2) ? `> ${sentence()}\n> ${sentence()}` : '```\nconst a = b[1];\n```';
    }
    parts.push(block);
    length += block.length + 2;
  }
  return parts.join('\n\n');
}

function answerOf(text: string): Answer {
  return {
    id: 'bench',
    text,
    documents: [{ id: 'd', title: 'Doc', url: '/d.pdf' }],
    sources: Array.from({ length: 5 }, (_, i) => ({ id: `S${i + 1}`, documentId: 'd', page: i + 1, quote: 'q' })),
  };
}

function measure(label: string, text: string) {
  const answer = answerOf(text);
  let model = Infinity;
  let render = Infinity;
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  for (let r = 0; r < RUNS; r++) {
    const t0 = cpu();
    const m = buildAnswerModel(answer);
    const t1 = cpu();
    renderToStaticMarkup(<AnswerMarkdown answer={answer} model={m} activeKey={null} onCite={() => undefined} />);
    const t2 = cpu();
    model = Math.min(model, t1 - t0);
    render = Math.min(render, t2 - t1);
  }
  const ms = (v: number) => v.toFixed(1).padStart(8);
  console.log(
    `${label.padEnd(26)} ${String(text.length).padStart(7)} chars   model ${ms(model)} ms   render ${ms(render)} ms   total ${ms(model + render)} ms CPU`,
  );
}

measure('realistic answer', realisticAnswer(50_000));
measure('one long paragraph', Array.from({ length: 800 }, (_, i) => `Sentence ${i} is about Fig. ${i} [${(i % 9) + 1}].`).join(' '));
measure('10k backticks', '`'.repeat(10_000));
measure('5k "` a"', '` a'.repeat(5_000));
measure('10k "["', '['.repeat(10_000));
measure('5k "[1("', '[1]('.repeat(5_000));
measure('2k nested ">"', '>'.repeat(2_000) + ' x [1]');
measure('10k "*a "', '*a '.repeat(10_000));
