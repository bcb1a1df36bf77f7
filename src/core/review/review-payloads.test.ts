// The rules on every recorded real payload (../shared/payloads): they must read what real systems send without
// throwing, and raise no error where the payloads are sound. Only the rules that need no PDF run here; the
// locator-backed ones are tested on the demo PDFs (review-pdf.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adaptAnswer } from '../../api/adapt-answer.ts';
import type { WrappedAnswer } from '../../api/answer-schema.ts';
import { sharedFolder } from '../../testing/shared-folder.ts';
import { buildAnswerModel } from '../model/answer-model.ts';
import { reviewAnswer } from './review-answer.ts';

const dir = sharedFolder('payloads');
const wrappers = dir
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.wrapper.json'))
      .sort()
  : [];

describe.skipIf(!dir)('review of the recorded payloads', () => {
  it('finds the payloads', () => {
    expect(wrappers.length).toBeGreaterThan(10);
  });

  it.each(wrappers)('%s: reviewed without errors', (file) => {
    const answer = adaptAnswer(JSON.parse(readFileSync(path.join(dir!, file), 'utf8')) as WrappedAnswer);
    const model = buildAnswerModel(answer);
    const r = reviewAnswer(answer, model, {});
    expect(r.flags.filter((f) => f.severity === 'error')).toEqual([]);
    // every source of the model has a status, and no locator verdict exists without a check; web pages, text
    // sources and generated files are never waited for ("unchecked"), stored PDFs wait for their check
    expect(Object.keys(r.sources).sort()).toEqual(model.sources.map((s) => s.id).sort());
    for (const status of Object.values(r.sources)) expect(['pending', 'page-level', 'document-level', 'unchecked']).toContain(status.kind);
  });
});
