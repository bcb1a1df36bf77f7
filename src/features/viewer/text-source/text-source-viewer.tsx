import { useQuery } from '@tanstack/react-query';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { textDocumentQuery, TextDocumentError, textProblemText } from '../../../api/text-document.ts';
import type { TextFormat } from '../../../core/model/document-kind.ts';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';
import type { DocumentRef, Source } from '../../../core/model/types.ts';
import { locateSource, readTextDocument } from '../../../core/text-source/text-document.ts';
import type { TextPassage } from '../../../core/text-source/text-passage.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';
import { IMAGE_PLACEHOLDER, markRanges, plainTextHast, sourceMarkdownHast } from './text-source-hast.ts';
import { TextSourceStatus } from './text-source-status.tsx';
import { useViewerHost } from '../viewer-host.tsx';
import './text-source.css';

// The viewer pane for a Markdown or plain-text source of our store: the document rendered safely (no raw HTML, no
// images, filtered links: text-source-hast.ts), the cited passage marked (<mark data-highlight>), the section it is
// in as a breadcrumb above the text, and "Region n of m" when a citation marks several places. Where the passage is
// comes from the pure core (src/core/text-source/): offsets, quote, then section path.

export interface TextSourceViewerProps {
  doc: DocumentRef;
  format: TextFormat;
  sources: readonly Source[];
  /** The target when it is in this document. */
  target: HighlightTarget | null;
  /** Step the regions from outside the viewer (see PdfViewerProps.regionStep). */
  regionStep?: { delta: 1 | -1; seq: number } | null;
}

export function TextSourceViewer(props: TextSourceViewerProps) {
  const t = useTranslate();
  const query = useQuery(textDocumentQuery(props.doc.url));
  switch (query.status) {
    case 'pending':
      return (
        <Centered>
          <p role="status" className="text-sm text-slate-600">
            {t('viewer.loadingDocument', { title: props.doc.title })}
          </p>
        </Centered>
      );
    case 'error':
      return (
        <Centered>
          <div role="alert" className="max-w-md rounded-md border border-red-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
            <p className="font-medium text-red-700">
              {t('viewer.documentFailed', {
                message: query.error instanceof TextDocumentError ? textProblemText(query.error.problem, t) : query.error.message,
              })}
            </p>
          </div>
        </Centered>
      );
    case 'success':
      return <LoadedTextSource {...props} text={query.data.text} />;
    default: {
      const never: never = query;
      return never;
    }
  }
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="absolute inset-0 flex items-center justify-center p-6">{children}</div>;
}

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

function SafeLink({ href, children }: { href?: string; children?: ReactNode }) {
  const safe = typeof href === 'string' && SAFE_PROTOCOL.test(href.trim()) ? href.trim() : '';
  return safe ? (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );
}

/** An image the document shows, never loaded: its alt text, and its address as a link when it is a web address. */
function ImagePlaceholder(props: { 'data-alt'?: string; 'data-url'?: string }) {
  const t = useTranslate();
  const alt = props['data-alt'] || t('viewer.imageNoAlt');
  const url = props['data-url'] ?? '';
  return (
    <span data-image-placeholder="" className="rounded border border-dashed border-slate-300 px-1 text-xs text-slate-500">
      {t('viewer.imagePlaceholder', { alt })}
      {/^https?:/i.test(url.trim()) ? (
        <>
          {' '}
          <SafeLink href={url}>{t('viewer.openImage')}</SafeLink>
        </>
      ) : null}
    </span>
  );
}

const components = { a: SafeLink, [IMAGE_PLACEHOLDER]: ImagePlaceholder } as Components;

interface LoadedProps extends TextSourceViewerProps {
  text: string;
}

function LoadedTextSource({ doc, format, sources, target, text, regionStep }: LoadedProps) {
  const { emit } = useViewerHost();
  const parsed = useMemo(() => {
    const model = readTextDocument(text, format);
    return { model, hast: model.tree ? sourceMarkdownHast(model.tree) : plainTextHast(text) };
  }, [text, format]);

  const source = target ? sources.find((s) => s.id === target.sourceId) : undefined;
  const passage: TextPassage | null = useMemo(() => (target ? locateSource(parsed.model, source, target.quote) : null), [parsed, target, source]);

  const content = useMemo(
    () => toJsxRuntime(markRanges(parsed.hast, text, passage?.ranges ?? []), { Fragment, jsx, jsxs, components, passKeys: true, ignoreInvalidStyle: true }),
    [parsed, text, passage],
  );

  const regionCount = passage?.ranges.length ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const nonce = target?.nonce;
  // A new target (new nonce) or passage starts at its first region (or the one the URL names); a step is kept with
  // the target and passage it was made on, so the next target starts afresh without an effect resetting it.
  const [stepped, setStepped] = useState<{ nonce: number | undefined; passage: TextPassage | null; region: number } | null>(null);
  const firstRegion = Math.min(Math.max(0, target?.region ?? 0), Math.max(0, regionCount - 1));
  const activeRegion = stepped && stepped.nonce === nonce && stepped.passage === passage ? stepped.region : firstRegion;

  // Once per target (and per passage found for it), never again for new callback identities: the first region is
  // brought into view and the anchoring reported.
  const anchored = useEffectEvent((found: TextPassage) => {
    showRegion(scrollRef.current, firstRegion, true);
    if (!target) return;
    const ok = found.ranges.length > 0 && !found.quoteMissing;
    emit({ kind: 'anchored', result: { sourceId: target.sourceId, found: ok, score: null, page: 1, regionPages: ok ? found.ranges.map(() => null) : [] } });
  });
  useEffect(() => {
    if (passage) anchored(passage);
  }, [nonce, passage]);

  const step = (delta: number) => {
    const next = Math.min(regionCount - 1, Math.max(0, activeRegion + delta));
    if (next === activeRegion) return;
    setStepped({ nonce, passage, region: next });
    showRegion(scrollRef.current, next, false);
    emit({ kind: 'region-changed', region: next });
  };
  // A step asked for from outside (the `[`/`]` keys): only a new one, never the last step made before this mounted.
  const stepFromOutside = useEffectEvent((delta: number) => step(delta));
  const stepAtMount = useRef(regionStep?.seq);
  useEffect(() => {
    if (!regionStep || regionStep.seq === stepAtMount.current) return;
    stepAtMount.current = regionStep.seq;
    stepFromOutside(regionStep.delta);
  }, [regionStep]);

  // Mark the active region's pieces (DOM attributes, so the drawn tree need not be rebuilt on a step).
  useEffect(() => {
    const root = scrollRef.current;
    if (!root) return;
    for (const m of root.querySelectorAll('mark[data-highlight]')) {
      m.toggleAttribute('data-active-region', regionCount > 1 && m.getAttribute('data-region') === String(activeRegion));
    }
  }, [activeRegion, regionCount, content]);

  const path = passage?.context?.path;
  const t = useTranslate();
  return (
    <div className="absolute inset-0 flex flex-col">
      {path ? (
        <nav
          aria-label={t('textSource.section')}
          data-section-path={path.join(' > ')}
          className="border-b border-slate-200 bg-white px-4 py-1.5 text-xs text-slate-600"
        >
          <ol className="flex flex-wrap items-center gap-1">
            {path.map((title, i) => (
              <li key={`${i}:${title}`} className="flex items-center gap-1">
                {i > 0 ? <span aria-hidden>›</span> : null}
                <span
                  className={i === path.length - 1 ? 'font-medium text-slate-900' : undefined}
                  aria-current={i === path.length - 1 ? 'location' : undefined}
                >
                  {title}
                </span>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="relative min-h-0 flex-1">
        <TextSourceStatus passage={passage} regionCount={regionCount} activeRegion={activeRegion} onStep={step} />
        {/* Focusable, as the PDF pages are, so the keyboard can scroll a document with no link in it (axe's
            scrollable-region-focusable); a region, so it may carry the document's name. */}
        <div
          ref={scrollRef}
          tabIndex={0}
          role="region"
          aria-label={doc.title}
          className="absolute inset-0 overflow-auto p-6 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
        >
          <article
            data-text-source={format}
            data-passage-by={passage?.by ?? 'none'}
            className="text-source mx-auto max-w-2xl rounded-md border border-slate-200 bg-white px-6 py-5 shadow-sm"
          >
            {content}
          </article>
        </div>
      </div>
    </div>
  );
}

function showRegion(root: HTMLElement | null, region: number, flash: boolean) {
  const first = root?.querySelector<HTMLElement>(`mark[data-highlight][data-region="${region}"]`);
  if (!first) return;
  first.scrollIntoView({ block: 'center' });
  if (!flash) return;
  for (const m of root!.querySelectorAll<HTMLElement>(`mark[data-highlight][data-region="${region}"]`)) {
    m.classList.remove('viewer-flash');
    void m.offsetWidth; // restart the animation on a repeated click
    m.classList.add('viewer-flash');
  }
}
