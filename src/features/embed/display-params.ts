// The display settings of a view (docs/urls.md): which panes an embedded view shows, the colour theme and the accent
// colour. Pure parsing, shared by the URL state and the postMessage schemas; a bad value is dropped, never thrown.

export const PANES = ['answer', 'review', 'viewer'] as const;
export type PaneName = (typeof PANES)[number];

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

/** `#RRGGBB` only: a colour the CSS variable can take as is, with no CSS syntax of the sender's own. */
export const ACCENT = /^#[0-9a-fA-F]{6}$/;

/** `answer,viewer` → the named panes in layout order (answer, review, viewer); unknown names dropped; none → undefined. */
export function parsePanels(value: string | null | undefined): PaneName[] | undefined {
  if (!value) return undefined;
  const named = new Set(value.split(',').map((s) => s.trim()));
  const panes = PANES.filter((p) => named.has(p));
  return panes.length > 0 ? panes : undefined;
}

export function serializePanels(panels: readonly PaneName[]): string {
  return PANES.filter((p) => panels.includes(p)).join(',');
}

export function parseTheme(value: string | null | undefined): Theme | undefined {
  return THEMES.find((t) => t === value);
}

/** A valid accent, lower-cased (so equal colours give equal links), or undefined. */
export function parseAccent(value: string | null | undefined): string | undefined {
  return value && ACCENT.test(value) ? value.toLowerCase() : undefined;
}
