import { describe, expect, it } from 'vitest';
import { shortcutGroups } from './shortcuts-dialog.tsx';

describe('shortcutGroups', () => {
  it('lists the review commands first and drops a command another group lists again', () => {
    const groups = shortcutGroups([
      {
        title: 'Document viewer',
        entries: [
          { id: 'next-page', label: 'Next page', keys: ['Page Down'] },
          { id: 'next-region', label: 'Next highlighted region of the citation', keys: [']'] },
        ],
      },
    ]);
    expect(groups.map((g) => g.title)).toEqual(['Review', 'Document viewer']);
    expect(groups[1]!.entries.map((e) => e.id)).toEqual(['next-page']);
    const keys = groups.flatMap((g) => g.entries.flatMap((e) => e.keys));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
