import { useCallback, useState } from 'react';
import type { HighlightTarget } from '../../core/model/highlight-target.ts';
import { documentKind } from '../../core/model/document-kind.ts';
import type { Answer } from '../../core/model/types.ts';
import { storeOrigins } from '../../api/store-origins.ts';
import type { AnchorResult } from '../../features/viewer/viewer-host.tsx';
import { citationAnnouncement, type Arrival } from '../layout/a11y-text.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { useAnnouncer } from '../layout/live-announcer.tsx';

// Says where a citation landed through the page's live region (live-announcer.tsx): once when the viewer has placed
// it (or could not), then on every step to another region of the same passage, with that region's page.

interface Landed extends Omit<Arrival, 'region' | 'page'> {
  regionPages: (number | null)[];
}

export function useCitationAnnouncer(answer: Answer, target: HighlightTarget | null) {
  const announce = useAnnouncer((s) => s.announce);
  const t = useTranslate();
  const [landed, setLanded] = useState<Landed | null>(null);

  const onAnchored = useCallback(
    (result: AnchorResult) => {
      if (!target || result.sourceId !== target.sourceId) return;
      const doc = answer.documents.find((d) => d.id === target.documentId);
      const document = doc?.title ?? target.documentId;
      // A passage not found in a PDF is looked for on its hinted page; a Markdown or text source has no pages.
      const hinted = !result.found && doc && documentKind(doc, storeOrigins()).kind === 'pdf' ? result.page : undefined;
      const next: Landed = { key: target.markerKey, document, found: result.found, regions: result.regionPages.length, regionPages: result.regionPages };
      const region = Math.max(0, Math.min(target.region ?? 0, next.regions - 1));
      setLanded(next);
      announce(citationAnnouncement({ ...next, region, page: pageOf(next, region) ?? hinted }, t));
    },
    [answer, target, announce, t],
  );

  const onRegion = useCallback(
    (region: number) => {
      if (landed && landed.regions > 1) announce(citationAnnouncement({ ...landed, region, page: pageOf(landed, region) }, t));
    },
    [landed, announce, t],
  );

  return { onAnchored, onRegion };
}

function pageOf(landed: Landed, region: number): number | undefined {
  return landed.regionPages[region] ?? undefined;
}
