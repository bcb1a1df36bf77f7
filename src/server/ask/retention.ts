// A cap and a retention for asked answers (issue 34, break 9: every ask or chat stored an answer file, 6,597 in a
// minute on the open API, with no end). Kept behind two small interfaces so the answers can move into the database
// later (issue 39) without touching the policy: the catalog lists and removes asked answers wherever they live, and
// `answersToRemove` is pure.
//
// The policy: unreviewed answers older than `maxAgeDays` go; past `maxAnswers`, the oldest unreviewed go first,
// then (only if every one left is reviewed) the oldest reviewed: their decisions stay in the review database and its
// history either way. Answers the data folder came with (ids not starting with `ask-`) are never touched.

export interface RetentionPolicy {
  /** Asked answers kept at most; 0: no cap. */
  maxAnswers: number;
  /** Days an unreviewed asked answer is kept; 0: no limit. */
  maxAgeDays: number;
}

export interface AskedAnswer {
  id: string;
  /** When it was asked, Unix ms. */
  createdAt: number;
}

/** Where asked answers live (today the data folder's answers/, src/server/ask/answer-store.ts). */
export interface AskedAnswerCatalog {
  askedAnswers(): Promise<AskedAnswer[]>;
  remove(id: string): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When pruning for the cap, down to this share of it: one listing per ~5 % of the cap in new answers, not per answer. */
const CAP_TARGET = 0.95;

/** The ids to remove, oldest first. Pure. */
export function answersToRemove(answers: readonly AskedAnswer[], reviewed: ReadonlySet<string>, policy: RetentionPolicy, now: number): string[] {
  const byAge = [...answers].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  const remove = new Set<string>();
  if (policy.maxAgeDays > 0) {
    const cutoff = now - policy.maxAgeDays * DAY_MS;
    for (const a of byAge) if (a.createdAt < cutoff && !reviewed.has(a.id)) remove.add(a.id);
  }
  if (policy.maxAnswers > 0 && byAge.length - remove.size > policy.maxAnswers) {
    const target = Math.floor(policy.maxAnswers * CAP_TARGET);
    let left = byAge.length - remove.size;
    for (const pass of [(id: string) => !reviewed.has(id), () => true]) {
      for (const a of byAge) {
        if (left <= target) break;
        if (remove.has(a.id) || !pass(a.id)) continue;
        remove.add(a.id);
        left--;
      }
    }
  }
  return byAge.filter((a) => remove.has(a.id)).map((a) => a.id);
}

export interface RetentionOptions {
  policy: RetentionPolicy;
  /** Which of these answers have review decisions (the review database); absent: none. */
  reviewed?: (answerIds: readonly string[]) => Promise<ReadonlySet<string>>;
  warn: (message: string) => void;
  now?: () => number;
}

/** Applies the policy after answers are stored: lists the catalog only when the cap may be passed, or hourly for age. */
export class AnswerRetention {
  private known: number | null = null;
  private lastSweep = 0;
  private running: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly catalog: AskedAnswerCatalog,
    private readonly o: RetentionOptions,
  ) {
    this.now = o.now ?? Date.now;
  }

  /** Called once an asked answer was stored. Resolves when any pruning it started is done. */
  async afterSave(): Promise<void> {
    if (this.known !== null) this.known++;
    const { maxAnswers, maxAgeDays } = this.o.policy;
    const overCap = maxAnswers > 0 && (this.known === null || this.known > maxAnswers);
    const ageDue = maxAgeDays > 0 && this.now() - this.lastSweep > 60 * 60 * 1000;
    if (!overCap && !ageDue) return;
    this.running ??= this.prune().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  /** Lists, chooses and removes; `known` becomes what is left. */
  async prune(): Promise<void> {
    try {
      const answers = await this.catalog.askedAnswers();
      const reviewed = (await this.o.reviewed?.(answers.map((a) => a.id))) ?? new Set<string>();
      const ids = answersToRemove(answers, reviewed, this.o.policy, this.now());
      for (const id of ids) await this.catalog.remove(id);
      this.known = answers.length - ids.length;
      this.lastSweep = this.now();
      if (ids.length > 0) {
        this.o.warn(
          `removed ${ids.length} asked answer(s), oldest unreviewed first (CITELENS_ASK_MAX_ANSWERS=${this.o.policy.maxAnswers}, CITELENS_ASK_MAX_AGE_DAYS=${this.o.policy.maxAgeDays})`,
        );
      }
    } catch (e) {
      this.o.warn(`could not apply the asked answers' cap and retention: ${(e as Error).message}`);
    }
  }
}
