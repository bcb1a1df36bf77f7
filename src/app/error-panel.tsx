/** A failure shown where it happened, in words: never a blank pane. */
export function ErrorPanel({ title, error }: { title: string; error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="m-6 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 whitespace-pre-line break-words">{message}</p>
      <p className="mt-3">
        <a href="./" className="font-medium text-rose-800 underline">
          Back to all answers
        </a>
      </p>
    </div>
  );
}
