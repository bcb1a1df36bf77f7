import { useQuery, useQueryClient } from '@tanstack/react-query';
import { configQuery } from '../../api/embed-client.ts';
import { answerListQuery } from '../../api/queries.ts';
import { QuestionBox } from '../../features/answer/question-box.tsx';
import { useAsk } from '../thread/use-ask.ts';
import { useViewStore } from '../navigation/view-store.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// "Ask a question" on the home page (issue #12), when the server answers questions (`features.ask`): a new thread,
// opened as soon as its first answer is stored.

export function HomeAsk() {
  const config = useQuery(configQuery());
  const t = useTranslate();
  const queryClient = useQueryClient();
  const ask = useAsk({
    onDone: ({ answer }) => {
      void queryClient.invalidateQueries({ queryKey: answerListQuery().queryKey });
      useViewStore.getState().openAnswer(answer.id);
    },
  });
  if (config.data?.features.ask !== true) return null;
  return (
    <section aria-labelledby="ask-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="ask-heading" className="mb-2 text-sm font-semibold text-slate-900">
        {t('ask.questionLabel')}
      </h2>
      <QuestionBox
        label={t('ask.questionLabel')}
        placeholder={t('ask.questionPlaceholder')}
        value={ask.input}
        onChange={ask.setInput}
        onSend={ask.send}
        onStop={ask.stop}
        status={ask.status}
      />
    </section>
  );
}
