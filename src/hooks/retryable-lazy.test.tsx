// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { retryableLazy } from './retryable-lazy.tsx';

afterEach(cleanup);

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p>failed: {String((this.state.error as Error).message)}</p> : this.props.children;
  }
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

describe('retryableLazy', () => {
  it('shows its fallback, then the component, without suspending (no Suspense boundary needed)', async () => {
    const chunk = deferred<typeof Hello>();
    const lazy = retryableLazy(() => chunk.promise);
    render(<lazy.Component name="ada" fallback={<p>loading</p>} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => chunk.resolve(Hello));
    expect(screen.getByText('hello ada')).toBeTruthy();
    // Loaded once: a later mount draws it at once, with no fallback in between.
    cleanup();
    render(<lazy.Component name="bob" fallback={<p>loading</p>} />);
    expect(screen.getByText('hello bob')).toBeTruthy();
  });

  it('throws a failed load to the error boundary, and imports again when it is mounted again', async () => {
    const load = vi.fn<() => Promise<typeof Hello>>().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue(Hello);
    const lazy = retryableLazy(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <lazy.Component name="ada" />
      </Boundary>,
    );
    await act(async () => undefined);
    expect(screen.getByText('failed: chunk gone')).toBeTruthy();
    cleanup();
    render(<lazy.Component name="ada" />);
    await act(async () => undefined);
    expect(screen.getByText('hello ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
