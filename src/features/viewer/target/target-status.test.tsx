// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';
import { TargetStatus } from './target-status.tsx';

afterEach(cleanup);

const target: HighlightTarget = { sourceId: 'S1', markerKey: '1', documentId: 'd', nonce: 1 };
const status = (located: Parameters<typeof TargetStatus>[0]['located']) => render(<TargetStatus located={located} onToggleBoxes={() => undefined} />);
const live = () => document.querySelectorAll('[role="status"], [role="alert"], [aria-live]');

// The page has one voice for arrivals (app/layout/live-announcer.tsx): it says "Citation 1 — …, passage not found". The
// viewer's overlay shows "Locating…" and "not located" too, but must not say them a second time.
describe('TargetStatus', () => {
  it('shows "Locating…" without a live region', () => {
    status({ kind: 'locating', target });
    expect(screen.getByText('Locating passage…', { exact: false })).toBeTruthy();
    expect(live()).toHaveLength(0);
  });

  it('shows "not located" without a live region, but a reason the announcer does not give is a live note', () => {
    status({ kind: 'not-found', target, page: 3 });
    expect(screen.getByText('Passage not located on page 3')).toBeTruthy();
    expect(live()).toHaveLength(0);
    cleanup();
    status({ kind: 'not-found', target, page: 3, reason: () => 'Page 3 is an image' });
    expect(screen.getByRole('status').textContent).toBe('Page 3 is an image');
  });

  it('keeps the notes of a found passage live', () => {
    status({ kind: 'found', target, rects: [], notes: [() => 'Closest match'], score: 0.9 });
    expect(screen.getByRole('status').textContent).toBe('Closest match');
  });
});
