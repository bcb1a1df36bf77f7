import type { StoreApi } from 'zustand/vanilla';
import type { MessageKey } from '../../../core/i18n/messages-en.ts';
import { createTranslator, type Translate } from '../../../core/i18n/translate.ts';
import { createActionRegistry, shortcutEntries, type Action, type ShortcutEntry } from '../../../lib/action-registry.ts';
import { isTextField } from '../../../lib/is-text-field.ts';
import type { FindStore } from '../find/find-store.ts';
import type { ViewerStore } from '../viewer-store.ts';

// The viewer's keyboard commands: each a small named object { id, keys, label, predicate, perform }, in one registry that
// both the key handler and the `?` list read, so the list cannot disagree with the keys.
//
// They are scoped to the viewer: the handler sits on the viewer's root element, so they fire only while the focus
// is inside it (the pages, the toolbar, the find bar). The review panel's keys (j, k, v, x, f, n, [, ], ?) work on
// the whole page, so the viewer binds none of its letters, except `[`/`]`, which do the same thing in both
// (next/previous highlighted region) and share the review action's id, so the `?` list shows them once.
// Letters and symbols never fire while typing in a text field; Ctrl/Cmd chords do (Ctrl+F in the find field
// re-selects it, Ctrl+= in the page field still zooms the document rather than the whole app).

export interface ViewerActionContext {
  viewer: StoreApi<ViewerStore>;
  find: StoreApi<FindStore>;
  /** Whether the pages are wider than the pane (then ←/→ scroll sideways instead of turning pages). */
  scrollsSideways(): boolean;
  /** Absent when the host gives the viewer no way to step regions / citations: the keys then pass through. */
  stepRegion?: ((delta: 1 | -1) => void) | undefined;
  stepCitation?: ((delta: 1 | -1) => void) | undefined;
}

/** A command's name in the catalogs (the `?` list shows it translated). */
type ShortcutLabel = Extract<MessageKey, `viewerKeys.${string}`>;

/** A viewer command (lib/action-registry.ts's shape), keyed by chords as `eventChord` spells them. */
export type ViewerAction = Action<ViewerActionContext, ShortcutLabel>;

const hasPages = (ctx: ViewerActionContext) => ctx.viewer.getState().pageCount > 0;

const page = (to: (s: ViewerStore) => number) => ({
  predicate: hasPages,
  perform: (ctx: ViewerActionContext) => {
    const s = ctx.viewer.getState();
    s.goToPage(to(s));
  },
});

const zoom = (act: (s: ViewerStore) => void) => ({
  predicate: hasPages,
  perform: (ctx: ViewerActionContext) => act(ctx.viewer.getState()),
});

/** The host gave the viewer a way to step (regions, citations): without one the key passes through. */
const step = (of: (ctx: ViewerActionContext) => ((delta: 1 | -1) => void) | undefined, delta: 1 | -1) => ({
  predicate: (ctx: ViewerActionContext) => of(ctx) !== undefined,
  perform: (ctx: ViewerActionContext) => of(ctx)?.(delta),
});

export const viewerRegistry = createActionRegistry<ViewerActionContext, ShortcutLabel>('viewer', [
  { id: 'find', keys: ['Ctrl+F'], label: 'viewerKeys.find', perform: (ctx) => ctx.find.getState().openBar() },
  {
    id: 'close-find',
    keys: ['Escape'],
    label: 'viewerKeys.closeFind',
    predicate: (ctx) => ctx.find.getState().open,
    perform: (ctx) => ctx.find.getState().close(),
  },
  { id: 'next-page', keys: ['PageDown', 'ArrowRight'], label: 'viewerKeys.nextPage', ...page((s) => s.currentPage + 1) },
  { id: 'previous-page', keys: ['PageUp', 'ArrowLeft'], label: 'viewerKeys.previousPage', ...page((s) => s.currentPage - 1) },
  { id: 'first-page', keys: ['Home'], label: 'viewerKeys.firstPage', ...page(() => 1) },
  { id: 'last-page', keys: ['End'], label: 'viewerKeys.lastPage', ...page((s) => s.pageCount) },
  { id: 'zoom-in', keys: ['+', '=', 'Ctrl+=', 'Ctrl++'], label: 'viewerKeys.zoomIn', ...zoom((s) => s.zoomIn()) },
  { id: 'zoom-out', keys: ['-', 'Ctrl+-'], label: 'viewerKeys.zoomOut', ...zoom((s) => s.zoomOut()) },
  { id: 'fit-width', keys: ['0', 'Ctrl+0'], label: 'viewerKeys.fitWidth', ...zoom((s) => s.setScaleMode('fit-width')) },
  { id: 'rotate', keys: ['r'], label: 'viewerKeys.rotate', ...zoom((s) => s.rotateClockwise()) },
  { id: 'previous-region', keys: ['['], label: 'viewerKeys.previousRegion', ...step((ctx) => ctx.stepRegion, -1) },
  { id: 'next-region', keys: [']'], label: 'viewerKeys.nextRegion', ...step((ctx) => ctx.stepRegion, 1) },
  { id: 'previous-citation', keys: [','], label: 'viewerKeys.previousCitation', ...step((ctx) => ctx.stepCitation, -1) },
  { id: 'next-citation', keys: ['.'], label: 'viewerKeys.nextCitation', ...step((ctx) => ctx.stepCitation, 1) },
]);

export const viewerActions: readonly ViewerAction[] = viewerRegistry.actions;

/** Pointer gestures, listed with the keys in the `?` list; their "keys" are words, so they are catalog keys too. */
export const viewerGestures: readonly { id: string; label: ShortcutLabel; keys: readonly ShortcutLabel[] }[] = [
  { id: 'wheel-zoom', label: 'viewerKeys.wheelZoom', keys: ['viewerKeys.ctrlWheel', 'viewerKeys.pinch'] },
];

/** Keys that turn pages only while the pages fit the pane sideways. */
const SIDEWAYS = new Set(['ArrowRight', 'ArrowLeft']);

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing' | 'target'> & {
  defaultPrevented?: boolean;
};

/**
 * The chord of a key event as the registry spells it, or null for events the viewer never handles (Alt chords,
 * IME composition, plain keys typed into a text field). Cmd counts as Ctrl. A printable key is its character
 * ("+" is Shift+= on many layouts), so Shift is spelled out only for named keys.
 */
export function eventChord(e: KeyEventLike): string | null {
  if (e.altKey || e.isComposing) return null;
  const printable = e.key.length === 1;
  if (e.ctrlKey || e.metaKey) return `Ctrl+${printable ? e.key.toUpperCase() : e.key}`;
  if (isTextField(e.target)) return null;
  if (printable) return e.key === ' ' ? 'Space' : e.key;
  return e.shiftKey ? `Shift+${e.key}` : e.key;
}

/** Runs the command bound to the event; true when one ran (the caller then prevents the default). */
export function runViewerKey(e: KeyEventLike, ctx: ViewerActionContext): boolean {
  // A control inside the viewer that handled the key itself (the outline tree's arrows, End in a list) owns it.
  if (e.defaultPrevented) return false;
  const chord = eventChord(e);
  if (chord === null) return false;
  if (SIDEWAYS.has(chord) && ctx.scrollsSideways()) return false;
  return viewerRegistry.run(chord, ctx);
}

/** How a chord is shown in the `?` list. */
export function keyLabel(chord: string): string {
  return chord
    .replace(/^Ctrl\+/, 'Ctrl/⌘ ')
    .replace('ArrowRight', '→')
    .replace('ArrowLeft', '←')
    .replace('PageDown', 'Page Down')
    .replace('PageUp', 'Page Up');
}

/** English unless a caller hands the UI language's translator. */
const EN = createTranslator('en');

/** The viewer's part of the `?` list: every command and gesture with its keys as shown. */
export function viewerShortcutList(t: Translate = EN): ShortcutEntry[] {
  return [...shortcutEntries(viewerRegistry, t, keyLabel), ...viewerGestures.map((g) => ({ id: g.id, label: t(g.label), keys: g.keys.map((k) => t(k)) }))];
}
