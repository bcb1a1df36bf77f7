import { useTranslate } from '../../i18n/use-translate.ts';
import { useOutboxSnapshot } from './review-sync.tsx';

// Shown in the app header on every page while decisions wait to reach the server: they are retried from the moment
// the app starts, whichever answer is open, and the reviewer should know that closing the browser is safe.

export function OutboxIndicator() {
  const t = useTranslate();
  const { entries, storageProblem } = useOutboxSnapshot();
  const waiting = entries.filter((e) => e.state.kind === 'pending').length;
  // The server answered that it cannot store decisions now (a full disk, a deleted database): said as such, with its
  // own words in the title, so the reviewer knows it is not their connection and that nothing is lost.
  const storageDown = entries.filter((e) => e.state.kind === 'pending' && e.state.problem === 'storage');
  const serverSaid = storageDown[0]?.state.kind === 'pending' ? storageDown[0].state.lastError : undefined;
  const stuck = entries.length - waiting;
  if (entries.length === 0) return null;
  const answers = new Set(entries.map((e) => e.answerId)).size;
  return (
    <p
      role="status"
      data-outbox-indicator=""
      data-storage-down={storageDown.length > 0 ? '' : undefined}
      title={storageProblem !== null ? t('review.writeFailed', { detail: storageProblem }) : (serverSaid ?? t('outbox.title'))}
      className="ms-auto flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs text-amber-900 ring-1 ring-amber-200"
    >
      <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-amber-500 motion-reduce:animate-none" />
      {storageDown.length > 0 ? t('outbox.storageDown', { count: waiting }) : waiting > 0 ? t('outbox.waiting', { count: waiting }) : ''}
      {waiting > 0 && stuck > 0 ? ' · ' : ''}
      {stuck > 0 ? t('outbox.stuck', { count: stuck }) : ''}
      {answers > 1 ? ` ${t('outbox.answers', { count: answers })}` : ''}
    </p>
  );
}
