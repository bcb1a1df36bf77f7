import { isInlineAnswerId } from '../../api/inline-answers.ts';
import { serializeViewState, type DisplayState, type ViewState } from './url-state.ts';

// The link of the current view (the "Copy link" button and the portal's `getLink`). It restores exactly that view:
// answer, claim, citation, document, page and region.
// - From the full app: the full-page link (`/?answer=…`), without the theme (a personal preference, not the view).
// - In embed mode: the embed link (`/embed?answer=…&panels=…&theme=…`), so it opens in the same form the portal
//   shows, framed again or on its own. Never with a signed link's `origin`, `exp` or `sig` (not part of the state).
// An answer the portal handed over in memory has no address: no link (null).

export function viewLink(href: string, view: ViewState, display: DisplayState, form: 'full' | 'embed'): string | null {
  if (view.answer !== undefined && isInlineAnswerId(view.answer)) return null;
  // From href, not location.origin: in a sandboxed frame the page's origin is "null", its address is still real.
  const url = new URL(href);
  if (form === 'full') url.pathname = url.pathname.replace(/embed\/?$/, '');
  url.search = serializeViewState(view, form === 'embed' ? display : {});
  url.hash = '';
  return url.toString();
}
