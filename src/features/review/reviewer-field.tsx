import { useEffect, useId, useRef, useState } from 'react';
import { useTranslate } from '../../i18n/use-translate.ts';
import { DECISION_LABEL_KEY } from './review-bits.tsx';
import { useReviewUiStore } from './review-ui-store.ts';

/**
 * The reviewer's name: asked for once, kept in localStorage (it is not a secret), sent with every save. With API
 * tokens the server records the token's subject instead: that name is shown, as the server stores it, and not asked.
 */
export function ReviewerField({ subject }: { subject: string | null }) {
  const reviewer = useReviewUiStore((s) => s.reviewer);
  const t = useTranslate();
  const persistent = useReviewUiStore((s) => s.reviewerPersistent);
  const wanted = useReviewUiStore((s) => s.reviewerWanted);
  const pending = useReviewUiStore((s) => s.pendingDecision);
  const setReviewer = useReviewUiStore((s) => s.setReviewer);
  const [editing, setEditing] = useState(!reviewer);
  const [draft, setDraft] = useState(reviewer);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const firstWanted = useRef(wanted);
  useEffect(() => {
    if (wanted !== firstWanted.current) {
      setEditing(true);
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }, [wanted]);

  if (subject !== null) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-slate-600">
        {t('review.reviewingAs')}{' '}
        <span data-reviewer="" data-reviewer-from="token" className="font-medium text-slate-900">
          {subject}
        </span>
        <span className="text-slate-500">{t('review.nameFromToken')}</span>
      </p>
    );
  }
  if (!editing && reviewer) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-slate-600">
        {t('review.reviewingAs')}{' '}
        <span data-reviewer="" className="font-medium text-slate-900">
          {reviewer}
        </span>
        <button
          type="button"
          onClick={() => {
            setDraft(reviewer);
            setEditing(true);
          }}
          className="rounded px-1 text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {t('review.change')}
        </button>
        {!persistent ? <span className="text-slate-500">{t('review.notRemembered')}</span> : null}
      </p>
    );
  }
  const save = () => {
    if (!draft.trim()) return;
    setReviewer(draft);
    setEditing(false);
  };
  // Enter and the button save by themselves instead of submitting the form: a frame sandboxed without allow-forms
  // (an embedding portal's usual sandbox) blocks a form submission before its submit event, so onSubmit never runs.
  return (
    <div>
      <form
        className="flex items-center gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label htmlFor={id} className={`shrink-0 text-xs ${wanted > 0 && !reviewer ? 'font-medium text-rose-700' : 'text-slate-500'}`}>
          {t('review.yourName')}
        </label>
        <input
          ref={inputRef}
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            save();
          }}
          placeholder={t('review.namePlaceholder')}
          autoComplete="name"
          maxLength={100}
          className="min-w-0 flex-1 rounded-md border border-slate-200 px-1.5 py-1 text-xs focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-100"
        />
        <button
          type="submit"
          onClick={(e) => {
            e.preventDefault();
            save();
          }}
          className="rounded-md bg-slate-800 px-2 py-1 text-xs font-medium text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {t('review.save')}
        </button>
      </form>
      {pending ? (
        <p role="status" data-pending-decision={pending.decision ?? 'cleared'} className="mt-1 text-[11px] text-indigo-800">
          {pending.decision ? t('review.pendingDecision', { decision: t(DECISION_LABEL_KEY[pending.decision]) }) : t('review.pendingClear')}
        </p>
      ) : null}
    </div>
  );
}
