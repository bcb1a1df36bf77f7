import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../model/answer-model.ts';
import type { Answer, Source } from '../model/types.ts';
import { readTextDocument } from '../text-source/text-document.ts';
import { checkTextSource } from './check-text-source.ts';
import { reviewAnswer } from './review-answer.ts';

const RUNBOOK = readTextDocument('# Setup\n\n## Linux\n\nRun `sudo systemctl restart agent` after an upgrade.\n', 'markdown');

describe('checkTextSource', () => {
  const source = (extra: Partial<Source>): Source => ({ id: 'S1', documentId: 'runbook', ...extra });

  it('finds a quote in the words the reader sees', () => {
    expect(checkTextSource(RUNBOOK, source({ quote: 'Run sudo systemctl restart agent' })).status.kind).toBe('located');
  });

  it('reports a quote that is not in the document as not located', () => {
    expect(checkTextSource(RUNBOOK, source({ quote: 'Reboot the machine twice' })).status.kind).toBe('not-located');
  });

  it('has nothing to search without a quote or passage', () => {
    expect(checkTextSource(RUNBOOK, source({ section: 'Setup > Linux' })).status.kind).toBe('document-level');
  });
});

describe('review of a text source', () => {
  it('is checking… until the text source is read, then flags quote-not-found', () => {
    const answer: Answer = {
      id: 'a',
      text: 'Restart the agent with a reboot [1].',
      documents: [{ id: 'runbook', title: 'Runbook', url: '/api/documents/runbook', mediaType: 'text/markdown' }],
      sources: [{ id: 'S1', documentId: 'runbook', quote: 'Reboot the machine twice' }],
      citations: [{ n: 1, sourceId: 'S1' }],
    };
    const model = buildAnswerModel(answer);
    const before = reviewAnswer(answer, model);
    expect(before.sources.S1?.kind).toBe('pending');
    const check = checkTextSource(RUNBOOK, answer.sources[0]!);
    const after = reviewAnswer(answer, model, { sources: { S1: check } });
    expect(after.sources.S1?.kind).toBe('not-located');
    const flags = after.flags.map((f) => f.code);
    expect(flags).toContain('quote-not-found');
  });
});
