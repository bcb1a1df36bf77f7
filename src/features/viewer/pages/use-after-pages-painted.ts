import { useEffect, useState } from 'react';
import { selectPagesPainted, useViewerStore } from '../viewer-store.ts';

// Work the first paint should not wait behind: the thumbnail list, and the page placeholders nobody can see yet.
// Until page 1 is on screen the main thread serves its drawing (pdf.js runs the page's operators there); what can
// come later, comes once a page has painted.

/** How long the work waits for the pages' first paint at most (a page whose drawing failed never paints). */
const LATEST_MS = 1000;

/** True once the viewer's pages have painted a page of the open document, or a second after mounting. */
export function useAfterPagesPainted(): boolean {
  const painted = useViewerStore(selectPagesPainted);
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (painted) return;
    const timer = setTimeout(() => setLate(true), LATEST_MS);
    return () => clearTimeout(timer);
  }, [painted]);
  return painted || late;
}
