import { serveInside, mimeType, type ServeInsideOptions } from './files.ts';

// The build's own files (the SPA's scripts, styles and pdf.js's resources), sent compressed when the browser takes it:
// the build writes a brotli (.br) and a gzip (.gz) copy beside each compressible file (scripts/precompress-plugin.ts),
// so no request pays for compressing. An answer route's scripts were sent as 1.3 MB of raw JavaScript (issue #37).
// A ranged request gets the file itself (a range of a compressed copy would not be a range of the file).

/** The kinds of file the build compresses (precompress-plugin.ts compresses the same). */
export const COMPRESSIBLE = /\.(?:m?js|css|wasm|json|svg)$/i;

const VARIANTS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** The codings an Accept-Encoding header allows (a `q=0` refuses one; `*` allows any not named). */
export function acceptedCodings(header: string | null | undefined): Set<string> {
  const allowed = new Set<string>();
  const refused = new Set<string>();
  let any = false;
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const ok = q === undefined || Number(q) > 0;
    if (name === '*') any = ok;
    else (ok ? allowed : refused).add(name);
  }
  if (any) for (const v of VARIANTS) if (!refused.has(v.coding)) allowed.add(v.coding);
  return allowed;
}

/** Serves one build file, its precompressed copy when there is one the request accepts; null when there is no file. */
export async function serveBuildFile(req: Request, root: string, file: string, options: ServeInsideOptions): Promise<Response | null> {
  if (!COMPRESSIBLE.test(file)) return serveInside(req, root, file, options);
  // Caches must keep one response per coding: every answer for this file says so, the identity one too.
  const headers = { ...options.headers, Vary: 'Accept-Encoding' };
  if (!req.headers.get('Range')) {
    const accepted = acceptedCodings(req.headers.get('Accept-Encoding'));
    for (const { coding, suffix } of VARIANTS) {
      if (!accepted.has(coding)) continue;
      const served = await serveInside(req, root, file + suffix, {
        ...options,
        headers: { ...headers, 'Content-Encoding': coding },
        contentType: mimeType(file),
      });
      if (served) return served;
    }
  }
  return serveInside(req, root, file, { ...options, headers });
}
