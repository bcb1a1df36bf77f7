import { FilePickButton } from './file-pick-button.tsx';

// A link or reload to a local answer: its files were never stored, so they must be opened again. Not an error.

export function ReopenPanel({ onFiles }: { onFiles(files: File[]): void }) {
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 overflow-auto px-6 py-8">
      <div role="status" data-local-reopen="" className="rounded-lg border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950">
        <p className="font-semibold">This answer was opened from local files; open them again.</p>
        <p className="mt-1">
          Its files stayed on your computer: citelens never uploads or keeps them, so a reload cannot reopen them. Open
          the same answer file and its documents (or drop them here); your review decisions on it are kept in this
          browser and come back.
        </p>
        <p className="mt-3 flex items-center gap-3">
          <FilePickButton onFiles={onFiles} inputLabel="Open local files">
            Open local files…
          </FilePickButton>
          <a href="./" className="font-medium text-amber-900 underline">
            Back to all answers
          </a>
        </p>
      </div>
    </main>
  );
}
