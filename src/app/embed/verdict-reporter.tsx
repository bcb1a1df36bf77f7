import { useEffect, useRef } from 'react';
import type { Answer } from '../../core/model/types.ts';
import { reportVerdict } from './app-events.ts';
import { modelFor } from '../answer-view/answer-citation.ts';
import { useCitationVerdicts } from '../review-pane/review-result.ts';
import { verdictBadge } from '../review-pane/status-badge.ts';

// Tells an embedding portal each citation's verdict as it comes in or changes (embed-bridge.ts sends `citelens:verdict`
// and adds it to `citationOpened` and `anchored`): the same verdicts as the markers, whichever panes the portal shows.
// Mounted only in an embed; renders nothing.

export function VerdictReporter({ answer }: { answer: Answer }) {
  const verdicts = useCitationVerdicts(answer, modelFor(answer));
  const sent = useRef(new Map<string, string>());
  useEffect(() => {
    for (const [sourceId, verdict] of Object.entries(verdicts)) {
      // English for the portal, as the export and the CLI say it.
      const { tone, long } = verdictBadge(verdict);
      const key = `${tone}\n${long}`;
      if (sent.current.get(sourceId) === key) continue;
      sent.current.set(sourceId, key);
      reportVerdict({ sourceId, tone, text: long });
    }
  }, [verdicts]);
  return null;
}
