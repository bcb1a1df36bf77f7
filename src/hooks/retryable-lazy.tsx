import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

// A code-split component that shows `fallback` until its chunk has loaded, and that can be asked again.
//
// Not React.lazy, for two reasons:
//  - React reveals content that suspended (a lazy chunk arriving is a Suspense "retry") no sooner than 300 ms after
//    the last fallback it showed (FALLBACK_THROTTLE_MS in react-dom), so a chunk that arrived in 20 ms still waited:
//    /bench's first page painted ~250 ms late, and the app's panes, each a lazy chunk behind another, paid it again
//    and again. Here the arrival is an ordinary state update, drawn at once.
//  - React.lazy caches its promise, a rejected one included: once a chunk's download failed (a dropped connection, a
//    deploy that removed the old file), the same component threw the same error forever, so a pane's Retry could
//    never succeed. Here a failed load is forgotten at once: the next mount (the boundary's Retry) imports it again.
// A failed load is thrown during render, to the pane's error boundary, which offers Retry.

export interface RetryableLazy<P extends object> {
  Component: ComponentType<P & { fallback?: ReactNode }>;
}

export function retryableLazy<P extends object>(load: () => Promise<ComponentType<P>>): RetryableLazy<P> {
  const state: { loaded: ComponentType<P> | null; pending: Promise<ComponentType<P>> | null } = { loaded: null, pending: null };
  const start = (): Promise<ComponentType<P>> => {
    state.pending ??= load().then(
      (component) => (state.loaded = component),
      (error: unknown) => {
        state.pending = null;
        throw error;
      },
    );
    return state.pending;
  };

  function RetryableLazyComponent({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [loaded, setLoaded] = useState<{ component: ComponentType<P> } | null>(() => (state.loaded ? { component: state.loaded } : null));
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      start().then(
        (component) => live && setLoaded({ component }),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [loaded]);
    if (failure) throw failure.error;
    if (!loaded) return fallback;
    const Loaded = loaded.component;
    return <Loaded {...(props as P)} />;
  }

  return { Component: RetryableLazyComponent };
}
