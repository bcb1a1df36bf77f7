import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslate } from '../../i18n/use-translate.ts';

// The box a question is typed into (issue #12): a follow-up under a conversation, or a new question on the home
// page. Controlled by its owner, which keeps the text until the answer is stored, so a failure never loses it.

export type QuestionBoxStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'failed'; message: string };

interface QuestionBoxProps {
  /** The accessible name of the text field, e.g. "Ask a follow-up". */
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  onSend(): void;
  onStop(): void;
  status: QuestionBoxStatus;
}

export function QuestionBox({ label, placeholder, value, onChange, onSend, onStop, status }: QuestionBoxProps) {
  const t = useTranslate();
  const errorId = useId();
  const sending = status.kind === 'sending';
  const canSend = !sending && value.trim() !== '';
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; Enter while an input method composes a word only commits the word.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={submit} aria-label={label} className="flex flex-col gap-2">
      {status.kind === 'failed' ? (
        <div id={errorId} role="alert" className="flex items-start gap-3 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <p className="min-w-0 flex-1 whitespace-pre-line break-words">{status.message}</p>
          <button
            type="button"
            onClick={onSend}
            className="shrink-0 rounded border border-rose-300 bg-white px-2 py-0.5 text-xs font-medium text-rose-800 hover:bg-rose-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
          >
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <textarea
          aria-label={label}
          aria-describedby={status.kind === 'failed' ? errorId : undefined}
          placeholder={placeholder}
          value={value}
          rows={2}
          disabled={sending}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-[2.75rem] flex-1 resize-y max-md:h-10 max-md:min-h-0 max-md:focus:h-auto rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 disabled:bg-slate-50 disabled:text-slate-500"
        />
        {/* Two elements, not one that changes type: React would turn the clicked Stop into a submit button before the
            click's default action runs, and the form would send again. */}
        {sending ? (
          <button
            key="stop"
            type="button"
            onClick={onStop}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {t('ask.stop')}
          </button>
        ) : (
          <button
            key="send"
            type="submit"
            disabled={!canSend}
            className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-300"
          >
            {t('ask.send')}
          </button>
        )}
      </div>
      {/* On a phone the keys hint goes (no Shift+Enter there) and the box is one line until it has the focus: in the
          stacked layout the answer above it has only a third of the screen. */}
      <p className={`text-xs text-slate-500 ${sending ? '' : 'max-md:sr-only'}`} aria-live="polite">
        {sending ? t('ask.writing') : t('ask.keysHint')}
      </p>
    </form>
  );
}
