import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARK_ACCENTS, markStyle, PAGE_PALETTES, PAGE_THEMES, paletteStyle } from './page-palette.ts';

// page-palette.ts is the one source of the viewer's mark colours (highlights, flash, find, the difference frame); the
// stylesheets read them as custom properties. This reads the stylesheets as text: a colour literal that comes back
// into one, or a custom property nobody sets (which paints nothing, silently), fails here.

const viewerDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return stylesheets(full);
    return e.name.endsWith('.css') ? [full] : [];
  });
}

const sheets = stylesheets(viewerDir).map((file) => ({
  file: path.relative(viewerDir, file),
  css: readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
}));
const COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)\([^)]*\)/g;

/** Each colour literal with the selector of the rule (or the keyframe) it is in. */
function colourLiterals(css: string): Array<{ selector: string; colour: string }> {
  return [...css.matchAll(COLOUR)].map((m) => {
    const before = css.slice(0, m.index);
    const open = before.lastIndexOf('{');
    const selector = before.slice(Math.max(before.lastIndexOf('}', open), before.lastIndexOf(';', open)) + 1, open).trim();
    return { selector, colour: m[0] };
  });
}

const normalise = (colour: string) =>
  colour
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3');

describe("the viewer's stylesheets", () => {
  it('write no mark colour of the palette as a literal', () => {
    const palette = new Set(
      [
        ...PAGE_THEMES.flatMap((theme) => {
          const { highlight, activeHighlight, find, currentFind, sectionFill } = PAGE_PALETTES[theme];
          return [highlight, activeHighlight, find, currentFind].flatMap((m) => [m.fill, m.line]).concat(sectionFill);
        }),
        ...Object.values(MARK_ACCENTS),
      ].map(normalise),
    );
    expect(palette.size).toBeGreaterThan(20);
    const copies = sheets.flatMap(({ file, css }) =>
      colourLiterals(css)
        .filter((l) => palette.has(normalise(l.colour)))
        .map((l) => `${file}: ${l.selector} ${l.colour}`),
    );
    expect(copies).toEqual([]);
  });

  it('hold colour literals only for the page itself and the text selection', () => {
    // The page placeholder keeps plain declarations (thousands of them; viewer.css says why), its night colour held
    // to the palette by page-palette.test.ts; the selection is the browser's own mark, not one of ours.
    const allowed = new Set(['.viewer-page', "[data-page-theme='night'] .viewer-page", '.textLayer ::selection']);
    const found = sheets.flatMap(({ file, css }) => colourLiterals(css).map((l) => ({ file, ...l })));
    expect(found.length).toBeGreaterThan(0); // the scan sees the ones that are allowed
    expect(found.filter((l) => !allowed.has(l.selector)).map((l) => `${l.file}: ${l.selector} ${l.colour}`)).toEqual([]);
    const paper = found.find((l) => l.selector === '.viewer-page' && l.colour.startsWith('#'));
    expect(normalise(paper?.colour ?? '')).toBe(PAGE_PALETTES.paper.background);
  });

  it('read only custom properties that are set: by the palette, by the stylesheets themselves, or by Tailwind', () => {
    const set = new Set([...Object.keys(markStyle()), ...Object.keys(paletteStyle('paper'))]);
    expect(Object.keys(paletteStyle('night'))).toEqual(Object.keys(paletteStyle('paper')));
    for (const { css } of sheets) for (const m of css.matchAll(/(--[\w-]+)\s*:/g)) set.add(m[1]!);
    // The pages container sets the scale (viewer-pages.tsx); Tailwind's theme the colours and fonts of the app.
    const elsewhere = (name: string) => name === '--total-scale-factor' || /^--(color|font)-/.test(name);
    const unset = sheets.flatMap(({ file, css }) =>
      [...css.matchAll(/var\((--[\w-]+)/g)]
        .map((m) => m[1]!)
        .filter((name) => !set.has(name) && !elsewhere(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(unset).toEqual([]);
  });
});
