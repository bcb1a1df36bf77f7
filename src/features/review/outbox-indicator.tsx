import { useOutboxSnapshot } from './review-sync.tsx';

// Shown in the app header on every page while decisions wait to reach the server: they are retried from the moment
// the app starts, whichever answer is open, and the reviewer should know that closing the browser is safe.

export function OutboxIndicator() {
  const { entries, storageProblem } = useOutboxSnapshot();
  const waiting = entries.filter((e) => e.state.kind === 'pending').length;
  const stuck = entries.length - waiting;
  if (entries.length === 0) return null;
  const answers = new Set(entries.map((e) => e.answerId)).size;
  return (
    <p
      role="status"
      data-outbox-indicator=""
      title={storageProblem ?? 'Kept in this browser and sent as soon as the server answers.'}
      className="ml-auto flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs text-amber-900 ring-1 ring-amber-200"
    >
      <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-amber-500 motion-reduce:animate-none" />
      {waiting > 0 ? `${waiting} decision${waiting === 1 ? '' : 's'} saved locally — syncing` : ''}
      {waiting > 0 && stuck > 0 ? ' · ' : ''}
      {stuck > 0 ? `${stuck} need${stuck === 1 ? 's' : ''} your attention` : ''}
      {answers > 1 ? ` (${answers} answers)` : ''}
    </p>
  );
}
