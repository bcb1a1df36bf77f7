// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimIdsOf, reviewableAnswer } from '../../testing/reviewable-answer.ts';
import { AnswerClaimsIndex } from './answer-claims.ts';

// The claims a save may name are read from the answer file by the rule every reader shares: a document stored
// without `url` is the server's (a save on such an answer was refused with 404 before).

const root = mkdtempSync(path.join(tmpdir(), 'citelens-answer-claims-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(id: string, answer: object) {
  mkdirSync(path.join(root, 'answers'), { recursive: true });
  writeFileSync(path.join(root, 'answers', `${id}.json`), JSON.stringify(answer));
}

describe('AnswerClaimsIndex', () => {
  it('knows the claims of an answer whose documents have no url, as the server serves it', async () => {
    const answer = {
      ...reviewableAnswer('no-urls', 'Vendors must use MFA [1]. Accounts unused for 30 days are disabled [1].'),
      documents: [{ id: 'policy', title: 'Policy' }],
      sources: [{ id: '1', documentId: 'policy', page: 1, quote: 'MFA' }],
    };
    write('no-urls', answer);
    const claims = await new AnswerClaimsIndex(root).claimsOf('no-urls');
    const withUrls = { ...answer, documents: [{ id: 'policy', title: 'Policy', url: '/api/documents/policy' }] };
    expect(claims).toEqual({ kind: 'claims', ids: new Set(claimIdsOf(withUrls)) });
    expect(claims.kind === 'claims' && claims.ids.size).toBe(2);
  });

  it('has no claims for an answer that is not there or cannot be read', async () => {
    write('broken', { text: 42 });
    const index = new AnswerClaimsIndex(root);
    expect(await index.claimsOf('missing')).toEqual({ kind: 'no-answer' });
    expect(await index.claimsOf('broken')).toEqual({ kind: 'no-answer' });
  });
});
