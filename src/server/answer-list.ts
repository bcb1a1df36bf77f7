import path from 'node:path';
import { folderStampInside, jsonProblem, listInside, readJsonInside, statInside } from './data-folder.ts';

// `GET /api/answers`: one summary per answer file. Parsing 5,000 files on every request made a list cost 0.73 s,
// so each file's summary is kept until its mtime, size or inode changes: a list is then one readdir and one
// stat per file. A file that cannot be read is still listed, with `broken.reason`, so the home page can say why
// instead of the answer silently vanishing (the reason is logged once per version of the file, not per request).
//
// At 100,000 answers even one stat per file is seconds of work per list (issue 34, break 9: the list fell to 228
// req/s at 6,600 answers while answers were being added). So:
// - the folder's own mtime (one stat) says whether an answer was added, removed or renamed: then its names are read
//   again, and only new answers are read (an answer asked a moment ago is listed at once);
// - every file is looked at again (its size, mtime, inode) in the background once the last such look is older than
//   a second, or ten times as long as that look took (a large folder is not stat'ed over and over): an answer
//   edited in place, or replaced by rename, shows within that time. Meanwhile the list is served as it is.
// Every caller shares one look.

export interface AnswerSummary {
  id: string;
  question?: string;
  title?: string;
  broken?: { reason: string };
}

interface Cached {
  stamp: string;
  summary: AnswerSummary;
}

/** How many files are stat'ed at once. */
const STAT_CONCURRENCY = 64;

export class AnswerList {
  private readonly cache = new Map<string, Cached>();
  private inFlight: Promise<AnswerSummary[]> | null = null;
  /** The last list, handed out again (the same array) while no file changed, so its JSON can be kept with it. */
  private last: AnswerSummary[] | null = null;
  private changed = false;
  /** The folder's mtime (ns), and when the last look at every file started and how long it took. */
  private folderStamp: bigint | null = null;
  private lookedAt = 0;
  private lookMs = 0;

  constructor(
    private readonly dataDir: string,
    private readonly answersDir: string,
    private readonly isValidId: (id: string) => boolean,
    private readonly warn: (message: string) => void,
    private readonly o: { revalidateMs?: number; now?: () => number } = {},
  ) {}

  /**
   * Every answer, sorted by id (code-point order). While no file was added, removed or changed, the very same array
   * as before (callers may keep what they derive from it, keyed by it).
   */
  async all(): Promise<AnswerSummary[]> {
    const clock = this.o.now ?? Date.now;
    const now = clock();
    const stamp = await folderStampInside(this.dataDir, this.answersDir).catch(() => null);
    const every = this.o.revalidateMs ?? 1000;
    if (this.last === null || every <= 0) return this.look('every-file', stamp, clock);
    // Added, removed or renamed: the names again, and the new answers (awaited: a new answer is listed at once).
    if (stamp !== this.folderStamp) return this.look('new-names', stamp, clock);
    // The list as it is, and every file looked at again in the background when that look is due (in-place edits).
    if (now - this.lookedAt > Math.max(every, 10 * this.lookMs)) void this.look('every-file', stamp, clock).catch(() => undefined);
    return this.last;
  }

  /** One look (at new names only, or at every file), shared by whoever asks meanwhile. */
  private look(what: 'new-names' | 'every-file', stamp: bigint | null, clock: () => number): Promise<AnswerSummary[]> {
    if (!this.inFlight) {
      const started = clock();
      this.inFlight = this.scan(what === 'every-file')
        .then((items) => {
          this.folderStamp = stamp;
          if (what === 'every-file') {
            this.lookedAt = started;
            this.lookMs = clock() - started;
          }
          return items;
        })
        .finally(() => {
          this.inFlight = null;
        });
    }
    return this.inFlight;
  }

  /** The folder's answers; with `everyFile` false, the ones already known are taken from the cache unlooked-at. */
  private async scan(everyFile = true): Promise<AnswerSummary[]> {
    const names = (await listInside(this.dataDir, this.answersDir)) ?? [];
    const ids: string[] = [];
    for (const name of names) {
      // Dot files are editors' and the ask store's temporaries (`.<id>.<hex>.tmp`), not answers.
      if (!name.endsWith('.json') || name.startsWith('.')) continue;
      const id = name.slice(0, -'.json'.length);
      if (!this.isValidId(id)) {
        this.warnOnce(`name:${name}`, `skipping answers/${name}: the file name is not a valid answer id`);
        continue;
      }
      ids.push(id);
    }
    this.changed = false;
    const out: (AnswerSummary | null)[] = new Array(ids.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const i = next++;
        const id = ids[i] as string;
        const known = everyFile ? undefined : this.cache.get(id);
        out[i] = known ? known.summary : await this.summary(id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(STAT_CONCURRENCY, ids.length) }, worker));
    const present = new Set(ids);
    for (const id of this.cache.keys()) {
      if (present.has(id)) continue;
      this.cache.delete(id);
      this.changed = true;
    }
    const items = out.filter((s): s is AnswerSummary => s !== null);
    if (!this.changed && this.last && this.last.length === items.length) return this.last;
    this.last = items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return this.last;
  }

  private readonly warned = new Set<string>();
  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    if (this.warned.size > 10_000) this.warned.clear();
    this.warned.add(key);
    this.warn(message);
  }

  private async summary(id: string): Promise<AnswerSummary | null> {
    const file = path.join(this.answersDir, `${id}.json`);
    // Through the data folder's opener: a link out is listed as broken, and its target is never even stat'ed.
    const s = await statInside(this.dataDir, file);
    if (s.kind === 'missing') {
      // Gone meanwhile, or a dangling symlink: nothing to list.
      if (this.cache.delete(id)) this.changed = true;
      return null;
    }
    const stamp = s.kind === 'file' ? `${s.stats.ino}:${s.stats.size}:${s.stats.mtimeMs}` : s.kind === 'outside' ? `outside:${s.realPath}` : s.kind;
    const cached = this.cache.get(id);
    if (cached?.stamp === stamp) return cached.summary;
    this.changed = true;
    const summary = await this.read(id, file);
    if (summary) this.cache.set(id, { stamp, summary });
    return summary;
  }

  private async read(id: string, file: string): Promise<AnswerSummary | null> {
    const outcome = await readJsonInside(this.dataDir, file);
    if (outcome.kind === 'missing') return null;
    let reason: string | undefined;
    if (outcome.kind !== 'ok') reason = jsonProblem(outcome);
    else if (!isRecord(outcome.value)) reason = 'it is not a JSON object';
    if (reason !== undefined) {
      this.warn(`answers/${id}.json is listed as broken: ${reason}`);
      return { id, broken: { reason: capitalize(reason) } };
    }
    const parsed = (outcome as { value: Record<string, unknown> }).value;
    const question = typeof parsed.question === 'string' && parsed.question.trim() ? parsed.question : undefined;
    const title = question ?? firstHeading(parsed.text);
    return { id, ...(question !== undefined && { question }), ...(title !== undefined && { title }) };
  }
}

export type PageRequest = { limit?: number; after?: string };

/**
 * Reads `?limit=` (1–1000) and `?after=<id>`; a string on error. Without `limit` the whole list is one page
 * (what clients that predate paging expect).
 */
export function parsePageQuery(limit: string | undefined, after: string | undefined, isValidId: (id: string) => boolean): PageRequest | string {
  const page: PageRequest = {};
  if (limit !== undefined) {
    if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000) return '"limit" must be a whole number from 1 to 1000.';
    page.limit = Number(limit);
  }
  if (after !== undefined) {
    if (!isValidId(after)) return '"after" must be an answer id.';
    page.after = after;
  }
  return page;
}

/** The items after `after` (ids are sorted), at most `limit`, and whether more follow. */
export function pageOf(items: readonly AnswerSummary[], page: PageRequest): { items: AnswerSummary[]; more: boolean } {
  const from = page.after === undefined ? 0 : firstAfter(items, page.after);
  const to = page.limit === undefined ? items.length : Math.min(items.length, from + page.limit);
  return { items: items.slice(from, to), more: to < items.length };
}

function firstAfter(items: readonly AnswerSummary[], after: string): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid] as AnswerSummary).id <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The first ATX heading of Markdown text. A line-by-line scan: a lazy regex over a 100 KB line of `#` is quadratic. */
export function firstHeading(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  let from = 0;
  while (from <= text.length) {
    const nl = text.indexOf('\n', from);
    const line = text.slice(from, nl === -1 ? text.length : nl);
    const open = /^ {0,3}#{1,6}[ \t]+/.exec(line);
    if (open) {
      let end = line.length;
      while (end > open[0].length && ' \t#\r'.includes(line[end - 1] as string)) end--;
      const heading = line.slice(open[0].length, end).trim();
      if (heading) return heading;
    }
    if (nl === -1) break;
    from = nl + 1;
  }
  return undefined;
}
