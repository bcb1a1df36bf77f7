import { describe, expect, it } from 'vitest';
import { shortcutGroups } from '../../features/review/shortcuts-dialog.tsx';
import { viewerShortcutList } from '../../features/viewer/shortcuts/viewer-actions.ts';

describe('the ? list of the whole page', () => {
  it('lists the review and the viewer shortcuts with no key and no command twice', () => {
    const groups = shortcutGroups([{ title: 'Document viewer', entries: viewerShortcutList() }]);
    const ids = groups.flatMap((g) => g.entries.map((e) => e.id));
    const keys = groups.flatMap((g) => g.entries.flatMap((e) => e.keys));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ids).toEqual(expect.arrayContaining(['next-claim', 'next-page', 'zoom-in', 'find', 'next-citation', 'wheel-zoom']));
  });
});
