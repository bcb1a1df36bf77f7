// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { loadedDocumentCheck } from '../../core/review/document-check.ts';
import { reviewAnswer } from '../../core/review/review-answer.ts';
import type { ClaimDecision } from '../../features/review/decision-state.ts';
import { ExportMenu } from '../../features/review/export-menu.tsx';
import { reviewExporter } from './review-export.ts';

const answer: Answer = {
  id: 'vendor-access',
  question: 'How must vendors sign in?',
  text: '- **Multi-factor authentication** is required for all remote access [1].\n- Passwords expire every 90 days.',
  documents: [{ id: 'policy', title: 'Vendor Security Policy', url: '/api/documents/policy' }],
  sources: [{ id: 'S1', documentId: 'policy', page: 2, quote: 'Vendors must use multi-factor authentication for all remote access.' }],
};
const model = buildAnswerModel(answer);
const result = reviewAnswer(answer, model, {
  documents: { policy: loadedDocumentCheck('policy', { pageCount: 4 }) },
  sources: { S1: { sourceId: 'S1', status: { kind: 'located', page: 2, rects: [] } } },
});
const [mfa] = model.claims;
const decisions = new Map<string, ClaimDecision>([
  [
    mfa!.id,
    {
      decision: 'rejected',
      note: '=cmd|" /C calc"!A0, "quoted"\nsecond line',
      version: 3,
      reviewer: 'Ana',
      updatedAt: '2026-04-01T09:00:00Z',
      sync: { kind: 'saved' },
    },
  ],
]);
const exporter = reviewExporter(answer, model, result, () => new Date('2026-04-01T10:00:00Z'));

afterEach(cleanup);

function setup() {
  const download = vi.fn<(name: string, text: string, mime: string) => void>();
  render(<ExportMenu getExport={() => exporter(decisions)} download={download} />);
  return { download, user: userEvent.setup() };
}

describe('the Export menu', () => {
  it('saves the review as CSV with the claim as the reader sees it and the decision, note and reviewer', async () => {
    const { download, user } = setup();
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: /CSV/ }));
    expect(download).toHaveBeenCalledTimes(1);
    const [name, text, mime] = download.mock.calls[0]!;
    expect([name, mime]).toEqual(['vendor-access-review.csv', 'text/csv']);
    expect(text.startsWith('\uFEFFanswer_id,claim_id,claim,')).toBe(true);
    const row = text.split('\r\n')[1]!;
    // the citation's quoted evidence and its verdict travel with it, so the file stands on its own
    expect(row).toContain(
      ',Multi-factor authentication is required for all remote access.,1,S1,policy,Vendor Security Policy,Vendors must use multi-factor authentication for all remote access.,2,2,located,ok,',
    );
    expect(row).toContain(`rejected,"'=cmd|"" /C calc""!A0, ""quoted""\nsecond line",Ana,2026-04-01T09:00:00Z`);
    // the list closes once a file is saved, and focus goes back to the button
    expect(screen.queryByRole('list', { name: 'Export the review as' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('saves JSON and a Markdown report, each built when chosen', async () => {
    const { download, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: /JSON/ }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: /Markdown/ }));
    expect(download).toHaveBeenCalledTimes(2);
    const [jsonName, json, jsonMime] = download.mock.calls[0]!;
    const [mdName, md, mdMime] = download.mock.calls[1]!;
    expect([jsonName, jsonMime, mdName, mdMime]).toEqual(['vendor-access-review.json', 'application/json', 'vendor-access-review.md', 'text/markdown']);
    const parsed = JSON.parse(json) as { exportedAt: string; counts: { rejected: number }; entries: Array<{ claim: string; flags: Array<{ code: string }> }> };
    expect(parsed.exportedAt).toBe('2026-04-01T10:00:00.000Z');
    expect(parsed.counts.rejected).toBe(1);
    expect(parsed.entries.map((e) => [e.claim, e.flags.map((f) => f.code)])).toEqual([
      ['Multi-factor authentication is required for all remote access.', []],
      ['Passwords expire every 90 days.', ['uncited']],
    ]);
    expect(md).toContain('Decision: **rejected** by Ana on 2026-04-01T09:00:00Z');
  });

  it('closes with Escape without saving, and says so when an export fails', async () => {
    const download = vi.fn(() => {
      throw new Error('storage is full');
    });
    const user = userEvent.setup();
    render(<ExportMenu getExport={() => exporter(decisions)} download={download} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Export the review as' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: /Markdown/ }));
    expect(screen.getByRole('alert').textContent).toBe('The Markdown export failed: storage is full');
  });
});
