import { memo, useMemo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { markerInfo } from './marker-info.ts';
import { ActiveMarkerContext } from './active-marker.ts';
import { MarkerGroup } from './marker-group.tsx';
import { MARKER_ELEMENT, remarkMarkers } from './remark-markers.ts';

// Answer text is untrusted markdown. react-markdown never renders raw HTML (no rehype-raw), images are dropped
// (a remote image is an exfiltration channel), and links keep only http(s) and mailto.

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

export function safeUrl(url: string): string {
  const trimmed = url.trim();
  return SAFE_PROTOCOL.test(trimmed) ? trimmed : '';
}

interface AnswerMarkdownProps {
  answer: Answer;
  model: AnswerModel;
  activeKey: string | null;
  onCite(key: string): void;
}

const remarkPlugins = [remarkMarkers];

export const AnswerMarkdown = memo(function AnswerMarkdown({ answer, model, activeKey, onCite }: AnswerMarkdownProps) {
  const active = useMemo(() => ({ activeKey, onCite }), [activeKey, onCite]);
  return (
    <ActiveMarkerContext.Provider value={active}>
      <ParsedAnswer answer={answer} model={model} />
    </ActiveMarkerContext.Provider>
  );
});

/** Parsed and rendered once per answer; a citation click changes only the context the marker buttons read. */
const ParsedAnswer = memo(function ParsedAnswer({ answer, model }: { answer: Answer; model: AnswerModel }) {
  const components = useMemo(
    () =>
      ({
        a: ({ href, children }: { href?: string; children?: ReactNode }) =>
          href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline">
              {children}
            </a>
          ) : (
            <span>{children}</span>
          ),
        [MARKER_ELEMENT]: (props: { 'data-keys'?: string }) => {
          const keys = (props['data-keys'] ?? '').split('|').filter(Boolean);
          return <MarkerGroup infos={keys.map((k) => markerInfo(answer, model, k))} />;
        },
      }) as Components,
    [answer, model],
  );
  return (
    <div className="answer-prose">
      <Markdown remarkPlugins={remarkPlugins} skipHtml disallowedElements={['img']} urlTransform={safeUrl} components={components}>
        {answer.text}
      </Markdown>
    </div>
  );
});
