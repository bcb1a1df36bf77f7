import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// A React.lazy that can be asked again. React caches a lazy component's promise, a rejected one included: once a
// chunk's download failed (a dropped connection, a deploy that removed the old file), rendering the same lazy
// component throws the same error forever, so a pane's Retry could never succeed. `retry()` makes a fresh lazy
// component, whose import asks the network again; the stable `Component` renders whichever is current.

export interface RetryableLazy<P extends object> {
  Component: ComponentType<P>;
  /** Forget a failed load: the next render imports the chunk again. */
  retry(): void;
}

export function retryableLazy<P extends object>(load: () => Promise<ComponentType<P>>): RetryableLazy<P> {
  const make = () => lazy(() => load().then((c) => ({ default: c })));
  let current: LazyExoticComponent<ComponentType<P>> = make();
  function RetryableLazyComponent(props: P) {
    const Current = current;
    return <Current {...props} />;
  }
  return {
    Component: RetryableLazyComponent,
    retry: () => {
      current = make();
    },
  };
}
