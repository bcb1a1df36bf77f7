import { useState, type ReactNode } from 'react';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';
import { useMediaQuery } from './use-media-query.ts';

// Answer, review panel and viewer side by side; below 768 px they stack in that order. Any pane collapses from the
// header buttons or by dragging its edge; the dividers also move with the arrow keys (react-resizable-panels).
// The review panel sits between the two because it drives both: selecting a claim marks it in the answer on its
// left and opens its evidence in the document on its right.

type PaneName = 'answer' | 'review' | 'viewer';

export function SplitLayout({ answer, review, viewer }: { answer: ReactNode; review: ReactNode; viewer: ReactNode }) {
  const narrow = useMediaQuery('(max-width: 767.98px)');
  const answerPanel = usePanelRef();
  const reviewPanel = usePanelRef();
  const viewerPanel = usePanelRef();
  const refs = { answer: answerPanel, review: reviewPanel, viewer: viewerPanel };
  const [collapsed, setCollapsed] = useState<Record<PaneName, boolean>>({ answer: false, review: false, viewer: false });

  const toggle = (which: PaneName) => {
    const panel = refs[which].current;
    if (!panel) return;
    if (panel.isCollapsed()) panel.expand();
    else panel.collapse();
  };
  const sync = () =>
    setCollapsed({
      answer: answerPanel.current?.isCollapsed() ?? false,
      review: reviewPanel.current?.isCollapsed() ?? false,
      viewer: viewerPanel.current?.isCollapsed() ?? false,
    });
  const separatorClass = `bg-slate-200 transition-colors hover:bg-indigo-300 focus:outline-none focus-visible:bg-indigo-500 data-[separator=active]:bg-indigo-400 ${
    narrow ? 'h-1.5' : 'w-1.5'
  }`;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-1 border-b border-slate-200 bg-white px-3 py-1 text-xs">
        <PaneToggle label="Answer" shown={!collapsed.answer} onClick={() => toggle('answer')} />
        <PaneToggle label="Review" shown={!collapsed.review} onClick={() => toggle('review')} />
        <PaneToggle label="Document" shown={!collapsed.viewer} onClick={() => toggle('viewer')} />
      </div>
      <Group
        key={narrow ? 'stacked' : 'side-by-side'}
        orientation={narrow ? 'vertical' : 'horizontal'}
        className="min-h-0 flex-1"
        onLayoutChanged={sync}
      >
        <Panel id="answer" panelRef={answerPanel} defaultSize="30%" minSize="15%" collapsible collapsedSize={0} className="min-h-0">
          <div data-pane="answer" className="h-full overflow-auto bg-white">
            {answer}
          </div>
        </Panel>
        <Separator aria-label="Resize answer pane" className={separatorClass} />
        <Panel id="review" panelRef={reviewPanel} defaultSize="26%" minSize="15%" collapsible collapsedSize={0} className="min-h-0">
          <div data-pane="review" className="h-full min-h-0">
            {review}
          </div>
        </Panel>
        <Separator aria-label="Resize document pane" className={separatorClass} />
        <Panel id="viewer" panelRef={viewerPanel} defaultSize="44%" minSize="20%" collapsible collapsedSize={0} className="min-h-0">
          <div data-pane="viewer" className="h-full min-h-0">
            {viewer}
          </div>
        </Panel>
      </Group>
    </div>
  );
}

function PaneToggle({ label, shown, onClick }: { label: string; shown: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      aria-pressed={shown}
      onClick={onClick}
      className={`rounded px-2 py-1 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
        shown ? 'bg-slate-100 text-slate-800' : 'text-slate-400 hover:text-slate-700'
      }`}
    >
      {shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
    </button>
  );
}
