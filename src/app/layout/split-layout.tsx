import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';
import type { MessageKey } from '../../core/i18n/messages-en.ts';
import { PANES } from '../../features/embed/display-params.ts';
import { CopyLinkButton } from './copy-link-button.tsx';
import { useMediaQuery } from './use-media-query.ts';
import { useViewStore } from '../navigation/view-store.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// Answer, review panel and viewer side by side; below 768 px they are tabs (answer, review, document): stacked, each got
// a strip (the review pane had 109 px of a 375 px phone). A citation opened on a phone brings the document tab forward.
// Any pane collapses from the header buttons or by dragging its edge; the dividers also move with the arrow keys
// (react-resizable-panels).
// The review panel sits between the two because it drives both: selecting a claim marks it in the answer on its
// left and opens its evidence in the document on its right.
// Embedded (/embed), the portal chooses the panes (`panels`, default answer and viewer) and there are no pane buttons:
// only the copy-link one.
// The panel group is rebuilt when the layout flips (its orientation and sizes differ), but the panes' content is
// not: each pane is rendered through a portal into an element of its own that lives as long as this component, and
// only that element moves into the new panel. So crossing 768 px keeps the open PDF (no second download), its zoom,
// rotation and page, and the answer's scroll position.

type PaneName = 'answer' | 'review' | 'viewer';

/** An embedded view shows the answer and its evidence unless the portal asks for the review panel too. */
const EMBED_DEFAULT: readonly PaneName[] = ['answer', 'viewer'];
const DEFAULT_SIZE: Record<PaneName, number> = { answer: 30, review: 26, viewer: 44 };
const MIN_SIZE: Record<PaneName, string> = { answer: '15%', review: '15%', viewer: '20%' };
/** The count of citations opened, as SplitLayout reads it while the panes are side by side: not read. */
const NOT_TABS = -1;

/** The dividers' pointer target, CSS px: 24 for a mouse (WCAG 2.5.8), more for a finger (the library's default 20). */
const HIT_TARGET = { fine: 24, coarse: 32 };

/** `title`: the page's level-one heading while the answer's own (the question) is on a tab not shown. */
export function SplitLayout({ answer, review, viewer, title }: { answer: ReactNode; review: ReactNode; viewer: ReactNode; title?: string }) {
  const t = useTranslate();
  const narrow = useMediaQuery('(max-width: 767.98px)');
  const answerPanel = usePanelRef();
  const reviewPanel = usePanelRef();
  const viewerPanel = usePanelRef();
  const refs = { answer: answerPanel, review: reviewPanel, viewer: viewerPanel };
  const [collapsed, setCollapsed] = useState<Record<PaneName, boolean>>({ answer: false, review: false, viewer: false });
  const embedded = useViewStore((s) => s.embedded);
  const chosen = useViewStore((s) => s.display.panels);
  const shown: readonly PaneName[] = embedded ? (chosen ?? EMBED_DEFAULT) : PANES;
  const content = { answer, review, viewer };
  const [hosts] = useState(() => ({ answer: paneHost('answer'), review: paneHost('review'), viewer: paneHost('viewer') }));
  const sizes = DEFAULT_SIZE;
  const total = shown.reduce((sum, p) => sum + sizes[p], 0);

  // Opening a citation while the document is hidden shows the document: otherwise the click visibly does nothing.
  // Heard from the store, not selected: the layout (and its panels) then does not render again on every click.
  useEffect(
    () =>
      useViewStore.subscribe((s, before) => {
        if (s.citeNonce !== before.citeNonce && s.view.cite !== undefined && viewerPanel.current?.isCollapsed()) viewerPanel.current.expand();
      }),
    [viewerPanel],
  );

  // On a phone the panes are tabs; a citation opened on purpose (not a claim selected) shows the document's.
  const tabs = narrow && shown.length > 1;
  // Read only as tabs: side by side, a click does not render the layout again (NOT_TABS stands for any count).
  const citeOpened = useViewStore((s) => (tabs ? s.citeOpened : NOT_TABS));
  // The reader's choice, and the citations opened by then: one opened since brings the document tab (derived, so the
  // tab switches in the same render as the citation opens).
  const [choice, setChoice] = useState<{ pane: PaneName; opened: number }>(() => ({ pane: 'answer', opened: citeOpened }));
  // Citations opened while the panes are side by side do not pick the tab the phone layout starts on: the count is
  // taken as it is when the tabs appear.
  if (choice.opened !== citeOpened && (!tabs || choice.opened === NOT_TABS)) setChoice({ pane: choice.pane, opened: citeOpened });
  const tab: PaneName = choice.opened === citeOpened ? choice.pane : 'viewer';
  const activeTab: PaneName = shown.includes(tab) ? tab : shown[0]!;
  const setTab = (pane: PaneName) => setChoice({ pane, opened: citeOpened });

  // Both layouts end with the same portals at the same place, so crossing the breakpoint moves each pane's element
  // into the other layout's slot and never remounts a pane (the viewer keeps its document, zoom and page).
  const portals = shown.map((name) => createPortal(content[name], hosts[name], name));
  if (tabs) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <>
          {title && activeTab !== 'answer' ? <h1 className="sr-only">{title}</h1> : null}
          <div className="flex items-center gap-1 border-b border-slate-200 bg-white px-2 py-1 text-xs">
            <PaneTabs panes={shown} active={activeTab} onChoose={setTab} />
            <CopyLinkButton />
          </div>
          <div className="min-h-0 flex-1">
            {shown.map((name) => (
              <div
                key={name}
                id={`pane-tab-${name}`}
                role="tabpanel"
                aria-labelledby={`pane-tab-button-${name}`}
                hidden={name !== activeTab}
                className="h-full min-h-0"
              >
                <PaneSlot host={hosts[name]} inert={name !== activeTab} />
              </div>
            ))}
          </div>
        </>
        {portals}
      </div>
    );
  }

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
  // The visible line stays 6 px; a transparent ::before 9 px past each side makes it a 24 px target (WCAG 2.5.8),
  // as the markers' does. It stacks above the panes (z-10) so the pointer over it finds the divider, and the
  // library's own hit test is widened to match (HIT_TARGET).
  const separatorClass = `relative z-10 bg-slate-200 transition-colors before:absolute before:content-[''] hover:bg-indigo-300 focus-visible:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[separator=active]:bg-indigo-400 ${
    narrow ? 'h-1.5 before:inset-x-0 before:-inset-y-[9px]' : 'w-1.5 before:inset-y-0 before:-inset-x-[9px]'
  }`;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <>
        <div className="flex items-center gap-1 border-b border-slate-200 bg-white px-3 py-1 text-xs">
          {embedded ? null : (
            <>
              <PaneToggle pane="answer" shown={!collapsed.answer} onClick={() => toggle('answer')} />
              <PaneToggle pane="review" shown={!collapsed.review} onClick={() => toggle('review')} />
              <PaneToggle pane="viewer" shown={!collapsed.viewer} onClick={() => toggle('viewer')} />
            </>
          )}
          <CopyLinkButton />
        </div>
        <Group
          key={`${narrow ? 'stacked' : 'side-by-side'}:${shown.join(',')}`}
          orientation={narrow ? 'vertical' : 'horizontal'}
          className="min-h-0 flex-1"
          onLayoutChanged={sync}
          resizeTargetMinimumSize={HIT_TARGET}
        >
          {shown.map((name, i) => (
            <Fragment key={name}>
              {i > 0 ? <Separator aria-label={name === 'viewer' ? t('layout.resizeDocument') : t('layout.resizeAnswer')} className={separatorClass} /> : null}
              <Panel
                id={name}
                panelRef={refs[name]}
                defaultSize={`${(sizes[name] * 100) / total}%`}
                minSize={MIN_SIZE[name]}
                collapsible={shown.length > 1}
                collapsedSize={0}
                className="min-h-0"
              >
                {/* A collapsed pane is still in the document (its panel is 0 wide): inert keeps Tab, the screen reader's
                  cursor and find-in-page out of the controls nobody can see. */}
                <PaneSlot host={hosts[name]} inert={collapsed[name]} />
              </Panel>
            </Fragment>
          ))}
        </Group>
      </>
      {portals}
    </div>
  );
}

/** The element a pane's content lives in, from the first render to the last, whichever panel shows it. */
function paneHost(name: PaneName): HTMLDivElement {
  const el = document.createElement('div');
  el.dataset.pane = name;
  el.className = name === 'answer' ? 'h-full overflow-auto bg-white' : 'h-full min-h-0';
  return el;
}

/** Where a panel shows its pane: moves the pane's element in, and keeps the scroll positions a move would reset. */
function PaneSlot({ host, inert }: { host: HTMLDivElement; inert: boolean }) {
  const slotRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    const saved = restoreScroll(host);
    slot.append(host);
    saved();
    return () => {
      // Runs before the next panel's slot takes the element (cleanups come first in a commit): remember where
      // its scroll containers were, because taking an element out of the document resets them.
      savedScroll.set(host, scrollPositions(host));
      if (host.parentNode === slot) host.remove();
    };
  }, [host]);
  return <div ref={slotRef} inert={inert} className="h-full min-h-0" />;
}

const savedScroll = new WeakMap<HTMLElement, [number, number][]>();

function scrollers(host: HTMLElement): HTMLElement[] {
  return [host, ...host.querySelectorAll<HTMLElement>('[data-viewer-scroll], .overflow-auto')];
}

function scrollPositions(host: HTMLElement): [number, number][] {
  return scrollers(host).map((el) => [el.scrollTop, el.scrollLeft]);
}

/** Reads what the last slot saved; the returned function puts it back once the element is in the document. */
function restoreScroll(host: HTMLElement): () => void {
  const positions = savedScroll.get(host);
  if (!positions) return () => undefined;
  savedScroll.delete(host);
  return () => {
    const els = scrollers(host);
    if (els.length !== positions.length) return;
    els.forEach((el, i) => {
      const [top, left] = positions[i] ?? [0, 0];
      el.scrollTop = top;
      el.scrollLeft = left;
    });
  };
}

const TAB_LABELS = { answer: 'layout.tabAnswer', review: 'layout.tabReview', viewer: 'layout.tabDocument' } as const satisfies Record<PaneName, MessageKey>;

/** The panes as tabs (a phone): one tab stop, the arrow keys move between them (WAI-ARIA tabs), a tap switches. */
function PaneTabs({ panes, active, onChoose }: { panes: readonly PaneName[]; active: PaneName; onChoose(pane: PaneName): void }) {
  const t = useTranslate();
  const refs = useRef(new Map<PaneName, HTMLButtonElement>());
  const move = (from: PaneName, delta: number) => {
    const next = panes[(panes.indexOf(from) + delta + panes.length) % panes.length]!;
    onChoose(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('layout.tabs')} className="flex flex-1 gap-1">
      {panes.map((name) => (
        <button
          key={name}
          ref={(el) => {
            if (el) refs.current.set(name, el);
            else refs.current.delete(name);
          }}
          type="button"
          role="tab"
          id={`pane-tab-button-${name}`}
          aria-selected={name === active}
          aria-controls={`pane-tab-${name}`}
          tabIndex={name === active ? 0 : -1}
          data-pane-tab={name}
          onClick={() => onChoose(name)}
          onKeyDown={(e) => {
            // In a right-to-left UI the arrows swap, as the tabs run the other way.
            const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
            if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
              e.preventDefault();
              move(name, (e.key === 'ArrowRight') !== rtl ? 1 : -1);
            }
          }}
          className={`min-h-8 flex-1 rounded px-2 py-1 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
            name === active ? 'bg-indigo-50 text-indigo-800 ring-1 ring-indigo-200' : 'text-slate-700 hover:bg-slate-50'
          }`}
        >
          {t(TAB_LABELS[name])}
        </button>
      ))}
    </div>
  );
}

const TOGGLE_LABELS = {
  answer: { hide: 'layout.hideAnswer', show: 'layout.showAnswer' },
  review: { hide: 'layout.hideReview', show: 'layout.showReview' },
  viewer: { hide: 'layout.hideDocument', show: 'layout.showDocument' },
} as const satisfies Record<PaneName, { hide: MessageKey; show: MessageKey }>;

function PaneToggle({ pane, shown, onClick }: { pane: PaneName; shown: boolean; onClick(): void }) {
  const t = useTranslate();
  return (
    <button
      type="button"
      aria-pressed={shown}
      onClick={onClick}
      className={`rounded px-2 py-1 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
        shown ? 'bg-slate-100 text-slate-800' : 'text-slate-600 hover:text-slate-900'
      }`}
    >
      {t(TOGGLE_LABELS[pane][shown ? 'hide' : 'show'])}
    </button>
  );
}
