// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The home page has no input that passes the list's schema and still crashes its render (every field is a string
// drawn as text), so the crash is staged: the home page throws until `homeFault` is lifted. What is tested is the
// app's wiring: the header stays, the home page's own boundary says so with Retry, and Retry renders it again.

const fault = vi.hoisted(() => ({ on: true }));
vi.mock('../home/home-page.tsx', () => ({
  HomePage: () => {
    if (fault.on) throw new Error('The answer list could not be drawn');
    return <main>Answers, drawn again</main>;
  },
}));

const { App } = await import('./app.tsx');
const { RootBoundary } = await import('./root-boundary.tsx');

afterEach(cleanup);

describe('the app’s boundaries', () => {
  it('a home page that crashes: its section says so with Retry, the header stays, Retry draws it again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<App />);
    const alert = await screen.findByRole('alert');
    expect(alert.dataset['paneCrash']).toBe('home');
    expect(alert.textContent).toContain('The home page could not be shown');
    expect(alert.textContent).toContain('The answer list could not be drawn');
    expect(screen.getByRole('link', { name: /citelens/ })).toBeTruthy();
    fault.on = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Answers, drawn again')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
    error.mockRestore();
  });

  it('the root boundary: what no pane caught is a message and a Reload button, not an empty page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Crash = () => {
      throw new Error('the header failed');
    };
    render(
      <RootBoundary>
        <Crash />
      </RootBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('citelens could not be shown: an unexpected error occurred.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    warn.mockRestore();
    error.mockRestore();
  });
});
