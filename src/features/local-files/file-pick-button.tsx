import { useRef, type ReactNode } from 'react';

// A button that opens the browser's file dialog. The <input type=file> stays in the page (hidden) so the dialog is
// the browser's own, and so tests can hand it files.

export const LOCAL_FILE_TYPES = '.json,.pdf,.md,.txt';

interface FilePickButtonProps {
  children: ReactNode;
  onFiles(files: File[]): void;
  /** The input's accessible name (the button's text names the button). */
  inputLabel: string;
  accept?: string;
  className?: string;
}

export function FilePickButton({ children, onFiles, inputLabel, accept = LOCAL_FILE_TYPES, className }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => input.current?.click()} className={className ?? buttonClass}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        aria-label={inputLabel}
        data-local-files-input=""
        hidden
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Cleared so picking the same file again (after closing it) is a change too.
          e.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

export const buttonClass =
  'rounded-md border border-indigo-200 bg-white px-3 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
