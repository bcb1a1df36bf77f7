import type { DocumentRef } from '../../core/model/types.ts';
import { FilePickButton } from './file-pick-button.tsx';
import { lookedFor } from '../../core/documents/match-document-file.ts';
import { missingFileLabel, type LocalAnswer } from './local-answer.ts';

// Above a local answer: where it came from, which documents still lack a file, which given files matched nothing.

interface LocalAnswerBarProps {
  local: LocalAnswer;
  missing: readonly DocumentRef[];
  onAddFiles(files: File[]): void;
  onClose(): void;
}

export function LocalAnswerBar({ local, missing, onAddFiles, onClose }: LocalAnswerBarProps) {
  return (
    <section aria-label="Local files" data-local-answer-bar="" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-950">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p>
          Opened from local files: <span className="font-mono font-medium">{local.answerFile}</span>
          {local.files.size > 0 ? <> with {[...new Set([...local.files.values()].map((f) => f.name))].join(', ')}</> : null}. Everything stays in
          this browser.
        </p>
        <span className="ml-auto flex items-center gap-2">
          <FilePickButton onFiles={onAddFiles} inputLabel="Add documents" className={smallButton}>
            Add files…
          </FilePickButton>
          <button type="button" onClick={onClose} className={smallButton}>
            Close local answer
          </button>
        </span>
      </div>
      {missing.length > 0 ? (
        <p data-local-missing="">
          Missing: {missing.map((d) => missingFileLabel(d)).join(', ')} (looked for {missing.map((d) => lookedFor(d).map((t) => `“${t}”`).join(', ')).join('; ')}).
        </p>
      ) : null}
      {local.unmatched.length > 0 ? (
        <p data-local-unmatched="">
          Not used: {local.unmatched.join(', ')}. No document of this answer matches{' '}
          {local.unmatched.length > 1 ? 'them' : 'it'} (a document’s file is found by the file name in its url, then its id, then its title).
        </p>
      ) : null}
    </section>
  );
}

const smallButton =
  'rounded border border-amber-300 bg-white px-2 py-0.5 font-medium text-amber-900 hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500';
