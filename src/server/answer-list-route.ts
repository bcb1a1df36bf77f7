import type { Context, Hono } from 'hono';
import type { AuthVariables } from './auth-context.ts';
import { AnswerList, pageOf, parsePageQuery, type AnswerSummary } from './answer-list.ts';
import type { AskedAnswerStore } from './ask/asked-answers.ts';

// `GET /api/answers` (docs/api.md): the whole list, or a page of it (`?limit=&after=`, what the home page asks for).
// Each version of the list gets a number; responses carry it in a weak ETag, so a client that has the page answers
// itself from its cache (304) while nothing changed. The whole list's JSON is made once per version (5,000 summaries
// are ~0.5 MB, which every request serialized again). The list is the data folder's answers and the asked ones in the
// database (issue 39), merged by id; the merged array is kept while neither changed.

export interface AnswerListRouteOptions {
  dataDir: string;
  answersDir: string;
  /** Asked answers (the review database). */
  asked: AskedAnswerStore;
  isValidId: (id: string) => boolean;
  warn: (message: string) => void;
  badRequest: (c: Context, message: string) => Response;
}

export function mountAnswerList(app: Hono<{ Variables: AuthVariables }>, o: AnswerListRouteOptions): void {
  const answerList = new AnswerList(o.dataDir, o.answersDir, o.isValidId, o.warn);
  const wholeListBodies = new WeakMap<readonly AnswerSummary[], string>();
  const versions = new WeakMap<readonly AnswerSummary[], number>();
  let nextVersion = 1;
  // A number per server start too: a restarted server's version 1 is not the last one's.
  const startedAt = Date.now().toString(36);
  let merged: { folder: readonly AnswerSummary[]; stamp: string; all: AnswerSummary[] } | null = null;

  /** The folder's list and the database's, by id (code-point order, as the folder's): the same array while unchanged. */
  async function allAnswers(): Promise<AnswerSummary[]> {
    const [folder, stamp] = await Promise.all([answerList.all(), o.asked.listStamp()]);
    if (merged?.folder === folder && merged.stamp === stamp) return merged.all;
    const asked = await o.asked.summaries();
    const inFolder = new Set(folder.map((a) => a.id));
    const all = [...folder, ...asked.filter((a) => !inFolder.has(a.id))].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    merged = { folder, stamp, all };
    return all;
  }

  app.get('/api/answers', async (c) => {
    const page = parsePageQuery(c.req.query('limit'), c.req.query('after'), o.isValidId);
    if (typeof page === 'string') return o.badRequest(c, page);
    const all = await allAnswers();
    let version = versions.get(all);
    if (version === undefined) versions.set(all, (version = nextVersion++));
    const etag = `W/"${startedAt}-${version}-${page.limit ?? ''}-${page.after ?? ''}"`;
    c.header('Cache-Control', 'no-cache');
    c.header('X-Total-Count', String(all.length));
    c.header('ETag', etag);
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
    if (page.limit === undefined && page.after === undefined) {
      let body = wholeListBodies.get(all);
      if (body === undefined) wholeListBodies.set(all, (body = JSON.stringify(all)));
      return c.body(body, 200, { 'Content-Type': 'application/json' });
    }
    const { items, more } = pageOf(all, page);
    const last = items.at(-1);
    if (more && last && page.limit !== undefined) {
      c.header('Link', `</api/answers?limit=${page.limit}&after=${encodeURIComponent(last.id)}>; rel="next"`);
    }
    return c.json(items);
  });
}
