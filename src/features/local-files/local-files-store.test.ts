import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerResult } from '../../api/client.ts';
import type { LocalAnswer } from './local-answer.ts';
import { useLocalFilesStore } from './local-files-store.ts';

// The blob: URLs of a local answer hold its files in memory: released when the answer is closed or replaced, kept
// while the same answer only gains files.

const read = { kind: 'canonical', answer: { id: 'local-a', text: '', documents: [], sources: [] } } as unknown as AnswerResult;
const local = (id: string, files: Record<string, string>): LocalAnswer => ({
  id,
  answerFile: `${id}.json`,
  read,
  files: new Map(Object.entries(files).map(([doc, url]) => [doc, { name: `${doc}.pdf`, url, mediaType: 'application/pdf' }])),
  unmatched: [],
});

afterEach(() => {
  vi.restoreAllMocks();
  useLocalFilesStore.setState({ current: null, notice: null });
});

describe('the open local answer', () => {
  it('keeps its URLs when it gains a file, releases them all when replaced or closed', () => {
    const revoked: string[] = [];
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((u) => void revoked.push(u));
    const { setCurrent } = useLocalFilesStore.getState();
    const first = local('local-a', { policy: 'blob:x/1' });
    setCurrent(first);
    setCurrent(local('local-a', { policy: 'blob:x/1', retention: 'blob:x/2' }));
    expect(revoked).toEqual([]);

    setCurrent(local('local-b', { other: 'blob:x/3' }));
    expect(revoked.sort()).toEqual(['blob:x/1', 'blob:x/2']);

    setCurrent(null);
    expect(revoked).toContain('blob:x/3');
    expect(useLocalFilesStore.getState().current).toBeNull();
  });
});
