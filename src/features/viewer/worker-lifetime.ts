// How long the page's two shared workers live: pdf.js's (pdf-options.ts) and the locator's (locate-client.ts). Each
// is started once and shared by every document, so a document switch does not start a new thread and compile a
// 1.3 MB script again. But once no document is open they hold ~3.5 MB of heap and two threads for nothing. pdf.js's
// own viewer ends its worker with its document; these end once no document has been open for WORKERS_IDLE_MS, and
// the next document starts them again. The grace keeps them across a switch, where one document closes a moment
// before the next one opens (its bytes still downloading).

export const WORKERS_IDLE_MS = 1000;

const enders = new Set<() => void>();
let holders = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Registers what ends a worker once no document is open. Returns the unregistration. */
export function onWorkersIdle(end: () => void): () => void {
  enders.add(end);
  return () => void enders.delete(end);
}

/** A document is open (or opening) until the returned release is called; calling it again does nothing. */
export function holdWorkers(): () => void {
  holders++;
  clearTimeout(timer);
  timer = undefined;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    if (holders === 0) timer = setTimeout(endWorkers, WORKERS_IDLE_MS);
  };
}

function endWorkers(): void {
  timer = undefined;
  if (holders > 0) return;
  for (const end of [...enders]) end();
}
