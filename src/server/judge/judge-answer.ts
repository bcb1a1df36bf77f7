import { createHash } from 'node:crypto';
import { canonicalAnswerSchema } from '../../api/answer-schema.ts';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer, Source } from '../../core/model/types.ts';
import { citedWords } from '../../core/review/claim-rules.ts';
import { supportVerdict } from '../../core/review/support-verdict.ts';
import type { JudgeConfig } from './config.ts';
import { askJudge, JudgeError, type JudgeInput, type JudgeOutput, type JudgeVerdict } from './judge-client.ts';

// The model judge over one answer, as the server sends it (GET /api/answers/:id): every claim × cited passage the
// rules cannot decide ("needs a look") is put to the model; its verdict is written on the source as `support`
// ({ verdict, checkedBy: <model>, reason }), which the review rules, the panel and the audit gate already honour.
// The rules stay the first filter (what they find contradicted or supported is not asked) and the fallback (a
// failed, late or refused verdict leaves the rules' own). Verdicts are cached by a hash of the model, claim, quote
// and context, so an answer is judged once. A source the backend already judged is left alone.

export interface JudgeStats {
  asked: number;
  cached: number;
  failed: number;
}

export interface Judge {
  model: string;
  /** The answer with the judge's verdicts on its sources (a new object; the input is not changed). */
  apply(raw: unknown, signal?: AbortSignal): Promise<{ answer: unknown; stats: JudgeStats }>;
}

type Ask = (input: JudgeInput, signal?: AbortSignal) => Promise<JudgeOutput>;

const CACHE_SIZE = 10_000;
const RANK: Record<JudgeVerdict, number> = { contradicted: 0, not_enough_info: 1, supported: 2 };
// What the judge's verdict is called on the source: "not enough info" is the backend vocabulary's "unsupported",
// which, marked checkedBy, the rules show as "needs a look" (info), never as an error.
const ON_SOURCE = { supported: 'supported', contradicted: 'contradicted', not_enough_info: 'unsupported' } as const;

const hash = (model: string, input: JudgeInput) =>
  createHash('sha256')
    .update(JSON.stringify([model, input.claim, input.quote, input.context]))
    .digest('hex');

async function pool<T>(items: readonly T[], n: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

const judgedByBackend = (s: Source) => !!s.support && typeof s.support.verdict === 'string' && s.support.verdict !== 'unknown' && !s.support.checkedBy;

export function createJudge(config: JudgeConfig, ask: Ask = (input, signal) => askJudge(config, input, signal)): Judge {
  const cache = new Map<string, JudgeOutput>();
  const remember = (key: string, v: JudgeOutput) => {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, v);
  };

  return {
    model: config.model,
    async apply(raw, signal) {
      const stats: JudgeStats = { asked: 0, cached: 0, failed: 0 };
      const parsed = canonicalAnswerSchema.safeParse(raw);
      if (!parsed.success) return { answer: raw, stats };
      const answer = parsed.data as Answer;
      const model = buildAnswerModel(answer);
      const sources = new Map(model.sources.map((s) => [s.id, s]));
      const titles = new Map(answer.documents.map((d) => [d.id, d.title]));
      const pairs: Array<{ sourceId: string; input: JudgeInput }> = [];
      for (const claim of model.claims) {
        for (const c of claim.citations) {
          const source = sources.get(c.sourceId);
          const quote = source && [source.quote, source.text].filter((t): t is string => typeof t === 'string' && /[\p{L}\p{N}]/u.test(t)).join(' … ');
          if (!source || !quote || judgedByBackend(source)) continue;
          const claimText = citedWords(answer.text, c.answerStart, c.answerEnd, claim.markers);
          const context = [titles.get(source.documentId), source.section].filter((t): t is string => typeof t === 'string' && t.length > 0);
          // the rules first: only what they cannot decide goes to the model
          if (supportVerdict(claimText, { passages: [quote], context }).verdict !== 'needs-look') continue;
          pairs.push({ sourceId: source.id, input: { claim: claimText, quote, context } });
        }
      }
      const verdicts = new Map<string, JudgeOutput>();
      await pool(pairs, config.concurrency, async ({ sourceId, input }) => {
        const key = hash(config.model, input);
        let v = cache.get(key);
        if (v) stats.cached++;
        else {
          try {
            v = await ask(input, signal);
            remember(key, v);
            stats.asked++;
          } catch (e) {
            if (!(e instanceof JudgeError)) throw e;
            stats.failed++;
            return;
          }
        }
        // a source cited by several claims carries the worst of their verdicts
        const had = verdicts.get(sourceId);
        if (!had || RANK[v.verdict] < RANK[had.verdict]) verdicts.set(sourceId, v);
      });
      if (verdicts.size === 0) return { answer: raw, stats };
      const out = structuredClone(raw) as { sources: Array<Record<string, unknown>> };
      for (const s of out.sources) {
        const v = typeof s.id === 'string' ? verdicts.get(s.id) : undefined;
        if (v) s.support = { verdict: ON_SOURCE[v.verdict], checkedBy: config.model, reason: v.reason };
      }
      return { answer: out, stats };
    },
  };
}
