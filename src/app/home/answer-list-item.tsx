import type { AnswerSummary } from '../../api/answer-schema.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// One row of the home page's answer list. An answer file the server could not read is listed, marked broken with
// the server's reason, instead of vanishing: whoever looks for it learns why it will not open.

export function AnswerListItem({ answer, onOpen }: { answer: AnswerSummary; onOpen: (id: string) => void }) {
  const t = useTranslate();
  if (answer.broken) {
    return (
      <div className="px-4 py-3" data-answer-id={answer.id} data-broken="">
        <span className="flex items-center gap-2">
          <span className="font-mono text-sm text-slate-900">{answer.id}</span>
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800">{t('home.broken')}</span>
        </span>
        <span className="mt-1 block text-xs text-red-800">{answer.broken.reason}</span>
      </div>
    );
  }
  return (
    <a
      href={`?answer=${encodeURIComponent(answer.id)}`}
      data-answer-id={answer.id}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onOpen(answer.id);
      }}
      className="block px-4 py-3 hover:bg-slate-50 focus:outline-none focus-visible:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
    >
      <span dir="auto" className="block font-medium text-slate-900">
        {answer.question ?? answer.title ?? answer.id}
      </span>
      <span className="block font-mono text-xs text-slate-600">{answer.id}</span>
    </a>
  );
}
