import { parseLocale, type Locale } from '../../core/i18n/locale.ts';
import { parseAccent, parsePanels, parseTheme, serializePanels, type PaneName, type Theme } from '../../features/embed/display-params.ts';

// The view a link restores: ?answer=ID&turn=T&claim=C&cite=N|S2&doc=ID&page=P&region=R, and how it is shown:
// &panels=answer,viewer&theme=dark&night=on&accent=%23RRGGBB&lang=fa (docs/urls.md).
// Parsing is forgiving: unknown parameters are ignored and malformed values are dropped, never thrown.

export interface ViewState {
  answer?: string;
  /**
   * The active turn of the answer's conversation (1-based): its citations, review and document are the ones shown.
   * Absent: the turn of `answer` itself, so a link to an answer keeps opening that answer as its thread grows.
   */
  turn?: number;
  /** The review panel's selected claim (a claim id, `c-<hash>-<n>`). */
  claim?: string;
  cite?: string;
  doc?: string;
  page?: number;
  region?: number;
}

const ID = /^[A-Za-z0-9._-]{1,200}$/;
const CITE = /^(?:\d{1,6}|S\d{1,6}|\d{1,6}:\d{1,6})$/;
const ORDER = ['answer', 'turn', 'claim', 'cite', 'doc', 'page', 'region'] as const;

/** How the view is shown: kept apart from ViewState because navigating never changes it. */
export interface DisplayState {
  /** The panes of an embedded view (embed mode only; the full app has its pane buttons). */
  panels?: PaneName[];
  theme?: Theme;
  /**
   * Night pages (`night=on|off`): PDF pages recoloured for reading in the dark. A portal's or a link's choice; the
   * reader's saved one otherwise (theme-store.ts `effectiveNightPages`).
   */
  night?: boolean;
  /** `#rrggbb`. */
  accent?: string;
  /** The UI language the link asks for (a portal's frame, a shared link); the reader's saved choice otherwise. */
  lang?: Locale;
}

export function parseDisplayState(search: string): DisplayState {
  const params = new URLSearchParams(search);
  const state: DisplayState = {};
  const panels = parsePanels(params.get('panels'));
  if (panels) state.panels = panels;
  const theme = parseTheme(params.get('theme'));
  if (theme) state.theme = theme;
  const night = params.get('night');
  if (night === 'on' || night === 'off') state.night = night === 'on';
  const accent = parseAccent(params.get('accent'));
  if (accent) state.accent = accent;
  const lang = parseLocale(params.get('lang'));
  if (lang) state.lang = lang;
  return state;
}

function positiveInt(value: string | null, min: number): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min ? n : undefined;
}

export function parseViewState(search: string): ViewState {
  const params = new URLSearchParams(search);
  const state: ViewState = {};
  const answer = params.get('answer');
  if (answer && ID.test(answer)) state.answer = answer;
  const turn = positiveInt(params.get('turn'), 1);
  if (turn !== undefined) state.turn = turn;
  const claim = params.get('claim');
  if (claim && ID.test(claim)) state.claim = claim;
  const cite = params.get('cite');
  if (cite && CITE.test(cite)) state.cite = cite;
  const doc = params.get('doc');
  if (doc && ID.test(doc)) state.doc = doc;
  const page = positiveInt(params.get('page'), 1);
  if (page !== undefined) state.page = page;
  const region = positiveInt(params.get('region'), 1);
  if (region !== undefined) state.region = region;
  return state;
}

/** A stable query string (fixed parameter order, display last) so equal views give equal links. */
export function serializeViewState(state: ViewState, display: DisplayState = {}): string {
  const params = new URLSearchParams();
  for (const key of ORDER) {
    const value = state[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (display.panels?.length) params.set('panels', serializePanels(display.panels));
  if (display.theme) params.set('theme', display.theme);
  if (display.night !== undefined) params.set('night', display.night ? 'on' : 'off');
  if (display.accent) params.set('accent', display.accent);
  if (display.lang) params.set('lang', display.lang);
  const s = params.toString();
  return s ? `?${s}` : '';
}
