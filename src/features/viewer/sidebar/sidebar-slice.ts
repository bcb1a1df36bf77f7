import type { StateCreator } from 'zustand/vanilla';
import type { ViewerStore } from '../viewer-store.ts';

// The viewer sidebar's UI state, a slice of the per-viewer store: open or closed, which tab, and the open document's
// printed page labels (the toolbar, the thumbnails and the citation target all read them). It lives in the viewer's
// store, above the document panes, so switching documents keeps the sidebar as the user left it.

export type SidebarTab = 'thumbnails' | 'outline';

export interface SidebarState {
  /** null until the user opens or closes it: then it follows the pane width (closed on narrow layouts). */
  sidebarOpen: boolean | null;
  sidebarTab: SidebarTab;
  /** The automatic choice: whether the viewer pane is wide enough for the sidebar (measured by the layout). */
  sidebarAuto: boolean;
  /** A per-viewer prefix for the sidebar's element ids (a portal may show two viewers). */
  sidebarId: string;
  /** pdf.js getPageLabels() of the document `key` (its URL); `labels` null when the PDF defines none. */
  pageLabels: { key: string; labels: readonly string[] | null } | null;
}

export interface SidebarActions {
  /** Flips what the user sees (the automatic choice included) and from then on keeps the user's choice. */
  toggleSidebar(): void;
  setSidebarTab(tab: SidebarTab): void;
  setSidebarAuto(wide: boolean): void;
  setPageLabels(key: string, labels: readonly string[] | null): void;
}

export type SidebarSlice = SidebarState & SidebarActions;

let viewers = 0;

export const createSidebarSlice: StateCreator<ViewerStore, [], [], SidebarSlice> = (set) => ({
  sidebarOpen: null,
  sidebarTab: 'thumbnails',
  sidebarAuto: false,
  sidebarId: `viewer-sidebar-${++viewers}`,
  pageLabels: null,
  toggleSidebar: () => set((s) => ({ sidebarOpen: !selectSidebarShown(s) })),
  setSidebarTab: (sidebarTab) => set({ sidebarTab }),
  setSidebarAuto: (sidebarAuto) => set((s) => (s.sidebarAuto === sidebarAuto ? s : { sidebarAuto })),
  setPageLabels: (key, labels) => set({ pageLabels: { key, labels } }),
});

/** The labels of the document on screen; undefined while they are not known yet (still loading, or another's). */
export function selectPageLabels(s: SidebarState & { documentKey: string | null }): readonly string[] | null | undefined {
  return s.pageLabels && s.pageLabels.key === s.documentKey ? s.pageLabels.labels : undefined;
}

/** Panes at least this wide show the sidebar until the user says otherwise. */
export const SIDEBAR_AUTO_MIN_WIDTH = 800;

export function selectSidebarShown(s: SidebarState): boolean {
  return s.sidebarOpen ?? s.sidebarAuto;
}
