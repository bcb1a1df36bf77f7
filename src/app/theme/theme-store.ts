import { create } from 'zustand';
import { parseTheme, type Theme } from '../../features/embed/display-params.ts';

// The reader's colour preferences in the full app: the theme (`auto` follows the system, as the embed view's
// `theme=auto` does; the same three values, docs/urls.md) and night pages (the PDF recoloured for reading in the
// dark, src/features/viewer/render/page-palette.ts). Kept in the browser for the next visit. A link's or a portal's
// `theme` and `night` (the view store's display state) win over the saved ones while they are in the link: see
// `effectiveTheme` and `effectiveNightPages`.

const THEME_KEY = 'citelens.theme';
const NIGHT_PAGES_KEY = 'citelens.nightPages';

function read(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null; // storage refused (privacy mode, sandboxed frame): the defaults hold
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not kept: the choice still holds for this page
  }
}

interface ThemeStore {
  /** Default `auto`: a reader whose system is dark gets a dark app without asking. */
  theme: Theme;
  nightPages: boolean;
  chooseTheme(theme: Theme): void;
  setNightPages(on: boolean): void;
}

export const useThemeStore = create<ThemeStore>((set) => ({
  theme: parseTheme(read(THEME_KEY)) ?? 'auto',
  nightPages: read(NIGHT_PAGES_KEY) === 'on',
  chooseTheme(theme) {
    write(THEME_KEY, theme);
    set({ theme });
  },
  setNightPages(on) {
    write(NIGHT_PAGES_KEY, on ? 'on' : 'off');
    set({ nightPages: on });
  },
}));

/**
 * The theme on screen. Embedded, the portal decides (`theme`, `setTheme`; light unless it says otherwise, as
 * docs/embed.md has always promised). In the full app a link's `theme` wins, then the reader's saved choice.
 */
export function effectiveTheme(embedded: boolean, linkTheme: Theme | undefined, saved: Theme): Theme | undefined {
  return embedded ? linkTheme : (linkTheme ?? saved);
}

/**
 * Whether PDF pages are recoloured for the night. Embedded, the portal decides (`night`, `setTheme`), white pages
 * unless it asks; in the full app a link's `night` wins while it is in the link, then the reader's saved choice.
 */
export function effectiveNightPages(embedded: boolean, linkNight: boolean | undefined, saved: boolean): boolean {
  return linkNight ?? (embedded ? false : saved);
}
