import type { DocumentRef, GeneratedFile } from './types.ts';

// What the viewer pane can do with a cited document. Only documents in our own store are PDFs it can load: a web
// page cited by a search tool lives on another origin (the CSP forbids fetching it, and it is HTML anyway), and a
// file the model generated exists only in the provider's sandbox. Deciding it here, purely, keeps the viewer from
// ever handing a foreign URL to pdf.js. Markdown and plain-text documents of the store are rendered as text.

export type DocumentKind =
  | { kind: 'pdf' }
  /** `url` is the page's absolute http(s) address; `site` its host name without "www.". */
  | { kind: 'web'; url: string; site: string }
  | { kind: 'generated'; file: GeneratedFile }
  /** A Markdown or plain-text document of our store, rendered as text (src/features/viewer/text-source/text-source-viewer.tsx). */
  | { kind: 'text'; format: TextFormat };

export type TextFormat = 'markdown' | 'plain';

/**
 * `storeOrigins`: the origins whose documents are ours (the page's, and the API's when it is elsewhere). A relative
 * or same-origin URL is a stored document, which the viewer loads as a PDF; an absolute http(s) URL on any other
 * origin is a web source.
 */
export function documentKind(doc: DocumentRef, storeOrigins: readonly string[]): DocumentKind {
  if (doc.generated) return { kind: 'generated', file: doc.generated };
  const web = webAddress(doc.url);
  if (web && !storeOrigins.includes(web.origin)) return { kind: 'web', url: web.href, site: siteOf(web) };
  const format = textFormat(doc);
  return format ? { kind: 'text', format } : { kind: 'pdf' };
}

/**
 * Markdown or plain text, by the declared media type, else by the URL's extension (`documents/<id>.md|.txt`; the
 * server declares the type of a file it serves under `/api/documents/<id>`). Null for anything else (a PDF).
 */
export function textFormat(doc: Pick<DocumentRef, 'url' | 'mediaType'>): TextFormat | null {
  const type = typeof doc.mediaType === 'string' ? doc.mediaType.split(';')[0]!.trim().toLowerCase() : '';
  if (type) return type === 'text/markdown' || type === 'text/x-markdown' ? 'markdown' : type === 'text/plain' ? 'plain' : null;
  const path = typeof doc.url === 'string' ? doc.url.split(/[?#]/u)[0]!.toLowerCase() : '';
  if (/\.(md|markdown)$/u.test(path)) return 'markdown';
  if (/\.txt$/u.test(path)) return 'plain';
  return null;
}

/** An absolute http(s) URL, or null for anything else (relative paths, other schemes, garbage). */
export function webAddress(url: string | undefined): URL | null {
  if (!url || !/^https?:\/\//i.test(url.trim())) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/** "en.wikipedia.org", "bbc.com": what a reader recognises a site by. */
export function siteOf(url: URL): string {
  return url.hostname.replace(/^www\./i, '');
}
