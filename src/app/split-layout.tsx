import { useState, type ReactNode } from 'react';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';
import { useMediaQuery } from './use-media-query.ts';

// Answer beside the viewer; below 768 px they stack with the answer above. Either pane collapses from the header
// buttons or by dragging its edge; the divider also moves with the arrow keys (react-resizable-panels).

export function SplitLayout({ answer, viewer }: { answer: ReactNode; viewer: ReactNode }) {
  const narrow = useMediaQuery('(max-width: 767.98px)');
  const answerPanel = usePanelRef();
  const viewerPanel = usePanelRef();
  const [collapsed, setCollapsed] = useState<{ answer: boolean; viewer: boolean }>({ answer: false, viewer: false });

  const toggle = (which: 'answer' | 'viewer') => {
    const panel = (which === 'answer' ? answerPanel : viewerPanel).current;
    if (!panel) return;
    if (panel.isCollapsed()) panel.expand();
    else panel.collapse();
  };
  const sync = () =>
    setCollapsed({
      answer: answerPanel.current?.isCollapsed() ?? false,
      viewer: viewerPanel.current?.isCollapsed() ?? false,
    });

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-1 border-b border-slate-200 bg-white px-3 py-1 text-xs">
        <PaneToggle label="Answer" shown={!collapsed.answer} onClick={() => toggle('answer')} />
        <PaneToggle label="Document" shown={!collapsed.viewer} onClick={() => toggle('viewer')} />
      </div>
      <Group
        key={narrow ? 'stacked' : 'side-by-side'}
        orientation={narrow ? 'vertical' : 'horizontal'}
        className="min-h-0 flex-1"
        onLayoutChanged={sync}
      >
        <Panel id="answer" panelRef={answerPanel} defaultSize="40%" minSize="15%" collapsible collapsedSize={0} className="min-h-0">
          <div data-pane="answer" className="h-full overflow-auto bg-white">
            {answer}
          </div>
        </Panel>
        <Separator
          aria-label="Resize panes"
          className={`bg-slate-200 transition-colors hover:bg-indigo-300 focus:outline-none focus-visible:bg-indigo-500 data-[separator=active]:bg-indigo-400 ${
            narrow ? 'h-1.5' : 'w-1.5'
          }`}
        />
        <Panel id="viewer" panelRef={viewerPanel} defaultSize="60%" minSize="20%" collapsible collapsedSize={0} className="min-h-0">
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
