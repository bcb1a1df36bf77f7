import { useEffect } from 'react';
import { parseAccent, type Theme } from './display-params.ts';

// Applies a theme to the root element (src/app/theme/theme.css): the `dark` class for a dark theme, the `accent` class and
// `--accent` variable for an accent colour. `auto` follows the system setting, live. Without a theme the app is
// light, as it always was.

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function useDocumentTheme(theme: Theme | undefined, accent: string | undefined): void {
  useEffect(() => {
    const root = document.documentElement;
    const media = theme === 'auto' && typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
    const apply = () => root.classList.toggle('dark', theme === 'dark' || (media?.matches ?? false));
    apply();
    media?.addEventListener('change', apply);
    return () => {
      media?.removeEventListener('change', apply);
      root.classList.remove('dark');
    };
  }, [theme]);

  useEffect(() => {
    const root = document.documentElement;
    // Checked again here: the value reaches a style property, and only #RRGGBB may.
    const colour = parseAccent(accent);
    if (!colour) return;
    root.style.setProperty('--accent', colour);
    root.classList.add('accent');
    return () => {
      root.style.removeProperty('--accent');
      root.classList.remove('accent');
    };
  }, [accent]);
}
