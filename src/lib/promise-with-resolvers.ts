// Promise.withResolvers for Node 20, imported for its effect by whatever loads pdfjs-dist in Node (load-pdf.ts,
// tests). pdfjs-dist 6 calls it and declares Node >= 22.13; Node 20.19 (our floor, package.json `engines`: vite 8,
// eslint 10 and jsdom 29 need it) lacks it, and this is the one thing pdf.js needs that it does not have. Browsers
// we support have it; the check makes this a no-op there and on Node 22.
if (typeof (Promise as unknown as { withResolvers?: unknown }).withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (v: T | PromiseLike<T>) => void;
      let reject!: (e?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export {};
