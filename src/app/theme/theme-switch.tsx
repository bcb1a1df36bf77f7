import { THEMES, type Theme } from '../../features/embed/display-params.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { effectiveNightPages, useThemeStore } from './theme-store.ts';
import { useViewStore } from '../navigation/view-store.ts';

// The header's colour controls: the theme (System, Light, Dark: the embed view's `auto`, `light`, `dark`) and night
// pages, the PDF recoloured for reading in the dark. Both are kept in the browser (theme-store.ts).

const LABEL_KEYS = { auto: 'app.themeAuto', light: 'app.themeLight', dark: 'app.themeDark' } as const satisfies Record<Theme, string>;

export function ThemeSwitch() {
  const t = useTranslate();
  const saved = useThemeStore((s) => s.theme);
  const linkTheme = useViewStore((s) => s.display.theme);
  const linkNight = useViewStore((s) => s.display.night);
  const nightPages = effectiveNightPages(
    false,
    linkNight,
    useThemeStore((s) => s.nightPages),
  );
  return (
    <div className="flex items-center gap-2">
      <select
        aria-label={t('app.theme')}
        value={linkTheme ?? saved}
        onChange={(e) => {
          const next = THEMES.find((v) => v === e.target.value);
          if (!next) return;
          useThemeStore.getState().chooseTheme(next);
          // A link's `theme` would otherwise keep overriding the choice just made.
          if (linkTheme) useViewStore.getState().setDisplay({ theme: undefined });
        }}
        className="min-h-6 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-700"
      >
        {THEMES.map((v) => (
          <option key={v} value={v}>
            {t(LABEL_KEYS[v])}
          </option>
        ))}
      </select>
      <button
        type="button"
        aria-pressed={nightPages}
        onClick={() => {
          useThemeStore.getState().setNightPages(!nightPages);
          // As with the theme: the link's `night` would keep overriding the choice just made.
          if (linkNight !== undefined) useViewStore.getState().setDisplay({ night: undefined });
        }}
        className={`min-h-6 rounded border px-2 py-0.5 text-xs font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
          nightPages ? 'border-indigo-300 bg-indigo-100 text-indigo-800' : 'border-slate-300 bg-white text-slate-700'
        }`}
      >
        {t('app.nightPages')}
      </button>
    </div>
  );
}
