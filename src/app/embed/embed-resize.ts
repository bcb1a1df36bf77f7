// The `resize { height }` reports of embed mode (docs/embed.md): the height the frame needs to show the answer and
// review panes without scrolling them, so a portal can size its iframe to the content. The panes fill the frame and
// scroll inside, so the document's own height is always the frame's; what is measured is each text pane's content.
// The viewer has no natural height (a PDF is as tall as its zoom makes it) and does not count.

const THROTTLE_MS = 100;

function paddingBottom(el: Element): number {
  return Number.parseFloat(getComputedStyle(el).paddingBottom) || 0;
}

function isScroller(el: Element): boolean {
  const y = getComputedStyle(el).overflowY;
  return y === 'auto' || y === 'scroll';
}

/** The pane's scrolling box: the pane itself (answer) or the first scrolling box inside it (the review's list). */
function scrollerOf(pane: HTMLElement): HTMLElement {
  if (isScroller(pane)) return pane;
  for (const el of pane.querySelectorAll<HTMLElement>('*')) if (isScroller(el)) return el;
  return pane;
}

/** How tall the pane would be if its scrolling box were as tall as its content. */
function naturalHeight(pane: HTMLElement): number {
  const scroller = scrollerOf(pane);
  const top = scroller.getBoundingClientRect().top - scroller.scrollTop;
  let bottom = 0;
  for (const child of scroller.children) bottom = Math.max(bottom, child.getBoundingClientRect().bottom - top);
  const content = bottom + paddingBottom(scroller);
  return pane.getBoundingClientRect().height - scroller.clientHeight + content;
}

/** The frame height the content needs, in CSS pixels. */
export function measureContentHeight(doc: Document = document): number {
  const panes = [...doc.querySelectorAll<HTMLElement>('[data-pane="answer"], [data-pane="review"]')];
  if (panes.length === 0) return Math.ceil(doc.documentElement.scrollHeight);
  // Everything above and below the panes (the bar with the copy-link button).
  const chrome = doc.documentElement.clientHeight - Math.max(...panes.map((p) => p.getBoundingClientRect().height));
  return Math.ceil(Math.max(0, chrome) + Math.max(...panes.map(naturalHeight)));
}

/**
 * Reports the content height on every change (throttled; changes of a pixel or more). `report` returns false when
 * the height could not be delivered (no handshake yet): it is offered again at the next change or `flush()`.
 */
export function startResizeReports(report: (height: number) => boolean): { stop(): void; flush(): void } {
  let last = -1;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = 0;
  const resize = new ResizeObserver(() => schedule());
  const watched = new Set<Element>();

  // Panes and their content come and go (an answer loads, a pane is hidden): watch whatever is there now.
  const rewatch = () => {
    for (const el of watched) {
      if (!el.isConnected) {
        resize.unobserve(el);
        watched.delete(el);
      }
    }
    const panes = [...document.querySelectorAll<HTMLElement>('[data-pane="answer"], [data-pane="review"]')];
    const targets: Element[] = [document.documentElement, ...panes];
    for (const pane of panes) targets.push(...scrollerOf(pane).children);
    // observe() reports each new element once: only new ones, or the reports would never stop.
    for (const el of targets) {
      if (!watched.has(el)) {
        watched.add(el);
        resize.observe(el);
      }
    }
  };
  const run = () => {
    timer = null;
    lastRun = Date.now();
    rewatch();
    const height = measureContentHeight();
    if (Math.abs(height - last) < 1) return;
    if (report(height)) last = height;
  };
  function schedule() {
    if (timer !== null) return;
    timer = setTimeout(run, Math.max(0, THROTTLE_MS - (Date.now() - lastRun)));
  }

  // The viewer's pages and text layers change all the time and never change the height: their mutations are skipped.
  const mutations = new MutationObserver((records) => {
    if (records.some((r) => !(r.target instanceof Element && r.target.closest('[data-pane="viewer"]')))) schedule();
  });
  mutations.observe(document.body, { childList: true, subtree: true });
  schedule();
  return {
    stop: () => {
      resize.disconnect();
      mutations.disconnect();
      if (timer !== null) clearTimeout(timer);
    },
    flush: () => {
      last = -1;
      schedule();
    },
  };
}
