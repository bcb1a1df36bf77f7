// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../core/model/types.ts';
import { auditAnswer } from './audit-answer.ts';
import { DocumentStore } from './audit-documents.ts';

// The audit reads Markdown and plain-text documents as the viewer does and checks their quotes, instead of handing
// them to pdf.js (which failed them as damaged PDFs).

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'citelens-audit-text-'));
  writeFileSync(path.join(dir, 'runbook.md'), '# Setup\n\n## Linux\n\nRun `sudo apt install agent` first.\n');
  writeFileSync(path.join(dir, 'runbook.meta.json'), JSON.stringify({ title: 'Runbook', version: 'v2' }));
  writeFileSync(path.join(dir, 'log.txt'), 'Tokens expire after 24 hours.\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const answer = (quote: string): Answer => ({
  id: 'a',
  text: 'Install the agent with apt first [1]. Tokens expire after 24 hours [2].',
  documents: [
    { id: 'runbook', title: 'Runbook', url: '/api/documents/runbook' },
    { id: 'log', title: 'Log', url: '/api/documents/log' },
  ],
  sources: [
    { id: 'S1', documentId: 'runbook', quote },
    { id: 'S2', documentId: 'log', quote: 'Tokens expire after 24 hours.' },
  ],
  citations: [
    { n: 1, sourceId: 'S1' },
    { n: 2, sourceId: 'S2' },
  ],
});

describe('audit of text documents', () => {
  it('finds quotes in Markdown (as rendered) and plain text, and passes', async () => {
    const out = await auditAnswer(answer('Run sudo apt install agent first.'), 'citelens/1', [], new DocumentStore(dir, () => {}), '2026-01-01T00:00:00Z');
    expect(out.result.sources).toMatchObject({ S1: { kind: 'located' }, S2: { kind: 'located' } });
    expect(out.documents.map((d) => [d.id, d.access, d.version])).toEqual([
      ['runbook', 'ok', 'v2'],
      ['log', 'ok', undefined],
    ]);
    expect(out.pass).toBe(true);
  });

  it('fails an answer whose quote is not in the Markdown document', async () => {
    const out = await auditAnswer(answer('Reboot the server twice.'), 'citelens/1', [], new DocumentStore(dir, () => {}), '2026-01-01T00:00:00Z');
    expect(out.result.sources.S1?.kind).toBe('not-located');
    expect(out.pass).toBe(false);
    expect(out.gateFailures.join('\n')).toMatch(/quote-not-found/);
  });
});
