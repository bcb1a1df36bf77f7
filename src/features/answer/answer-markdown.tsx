import { memo, useMemo, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ParsedMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { markerInfo } from './marker-info.ts';
import { ActiveMarkerContext } from './active-marker.ts';
import { MarkerGroup } from './marker-group.tsx';
import { MARKER_ELEMENT, answerHast } from './answer-hast.ts';

// Answer text is untrusted Markdown. It is parsed once, by the answer model (model.markdown), and drawn from that tree
// here, so every marker the model counts is a marker on screen and no other. answer-hast.ts drops raw HTML and images;
// links keep only http(s) and mailto.

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

export const AnswerMarkdown = memo(function AnswerMarkdown({ answer, model, activeKey, onCite }: AnswerMarkdownProps) {
  const active = useMemo(() => ({ activeKey, onCite }), [activeKey, onCite]);
  return (
    <ActiveMarkerContext.Provider value={active}>
      <ParsedAnswer answer={answer} model={model} />
    </ActiveMarkerContext.Provider>
  );
});

function SafeLink({ href, children }: { href?: string; children?: ReactNode }) {
  const safe = typeof href === 'string' ? safeUrl(href) : '';
  return safe ? (
    <a href={safe} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline">
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );
}

/** Drawn once per answer; a citation click changes only the context the marker buttons read. */
const ParsedAnswer = memo(function ParsedAnswer({ answer, model }: { answer: Answer; model: AnswerModel }) {
  const content = useMemo(() => {
    const components = {
      a: SafeLink,
      [MARKER_ELEMENT]: (props: { 'data-keys'?: string }) => {
        const keys = (props['data-keys'] ?? '').split('|').filter(Boolean);
        return <MarkerGroup infos={keys.map((k) => markerInfo(answer, model, k))} />;
      },
    } as Components;
    return toJsxRuntime(answerHast(model.markdown.tree), { Fragment, jsx, jsxs, components, passKeys: true, ignoreInvalidStyle: true });
  }, [answer, model]);
  const note = simplifiedNote(model.markdown.simplified);
  return (
    <>
      {note ? (
        <p role="note" data-markdown-simplified={model.markdown.simplified} className="mb-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
          {note}
        </p>
      ) : null}
      <div className="answer-prose">{content}</div>
    </>
  );
});

/** Why the answer is not formatted as written (core/markdown/markdown-limits.ts), in the reader's words. */
function simplifiedNote(simplified: ParsedMarkdown['simplified']): string | null {
  switch (simplified) {
    case null:
      return null;
    case 'size':
      return 'This answer is too long to format: it is shown as plain text. Its citations still open.';
    case 'complexity':
      return 'This answer has too much Markdown punctuation to format safely: it is shown as plain text. Its citations still open.';
    case 'nesting':
      return 'This answer nests quotes or lists too deeply: the deepest levels are shown flattened.';
    case 'unparsable':
      return 'This answer could not be formatted: it is shown as plain text. Its citations still open.';
    default: {
      const never: never = simplified;
      return never;
    }
  }
}
