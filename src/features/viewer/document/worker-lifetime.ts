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

/**
 * The page's one `T` (a worker, or what wraps one): made on first use, ended with `end` once no document is open,
 * and made again by the next use.
 */
export function sharedWhileDocumentsOpen<T>(make: () => T, end: (value: T) => void): () => T {
  let current: { value: T } | null = null;
  enders.add(() => {
    if (!current) return;
    const { value } = current;
    current = null;
    end(value);
  });
  return () => (current ??= { value: make() }).value;
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
  // A hold taken since the release cleared this timer: no document is open.
  timer = undefined;
  for (const end of enders) end();
}
