import { memo, useMemo, type ReactNode } from 'react';
import type { ParsedMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import type { ElementContent } from 'hast';
import type { Translate } from '../../core/i18n/translate.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { markerInfo, type MarkerInfo } from './marker-info.ts';
import { ActiveMarkerContext, useActiveMarkerStore } from './active-marker.ts';
import { answerChunks, VirtualBlocks } from './virtual-blocks.tsx';
import { MarkerGroup } from './marker-group.tsx';
import { MARKER_ELEMENT, answerHast } from './answer-hast.ts';
import { answerReact, type AnswerComponents } from './answer-react.ts';

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
  /** A text offset to keep drawn in a long answer (the selected claim's start), so it can be found and scrolled to. */
  reveal?: number | null;
}

export const AnswerMarkdown = memo(function AnswerMarkdown({ answer, model, activeKey, onCite, reveal = null }: AnswerMarkdownProps) {
  const active = useActiveMarkerStore(activeKey, onCite);
  return (
    <ActiveMarkerContext.Provider value={active}>
      <ParsedAnswer answer={answer} model={model} reveal={reveal} />
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

/**
 * Drawn once per answer; a citation click changes only the store the marker buttons read. Each marker group's
 * facts are resolved once per distinct group (an answer citing [1] 5,000 times resolves [1] once), and a long answer
 * is drawn in chunks near the viewport (virtual-blocks.tsx).
 */
const ParsedAnswer = memo(function ParsedAnswer({ answer, model, reveal }: { answer: Answer; model: AnswerModel; reveal: number | null }) {
  const { renderNodes, chunks, whole } = useMemo(() => {
    const groups = new Map<string, MarkerInfo[]>();
    const infosOf = (data: string) => {
      let infos = groups.get(data);
      if (!infos) {
        infos = data
          .split('|')
          .filter(Boolean)
          .map((k) => markerInfo(answer, model, k));
        groups.set(data, infos);
      }
      return infos;
    };
    const components: AnswerComponents = {
      a: SafeLink,
      [MARKER_ELEMENT]: (props: { 'data-keys'?: string }) => <MarkerGroup infos={infosOf(props['data-keys'] ?? '')} />,
    };
    const hast = answerHast(model.markdown.tree);
    const renderNodes = (children: readonly ElementContent[]) => answerReact(children, components);
    const chunks = answerChunks(hast, answer.text.length);
    return {
      renderNodes,
      chunks: chunks ?? [{ start: 0, end: answer.text.length, nodes: hast.children as ElementContent[], text: '' }],
      whole: chunks === null,
    };
  }, [answer, model]);
  const content = useMemo(() => (whole ? renderNodes(chunks[0]!.nodes) : null), [whole, chunks, renderNodes]);
  const t = useTranslate();
  const note = simplifiedNote(model.markdown.simplified, t);
  return (
    <>
      {note ? (
        <p role="note" data-markdown-simplified={model.markdown.simplified} className="mb-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
          {note}
        </p>
      ) : null}
      <div className="answer-prose">{content ?? <VirtualBlocks chunks={chunks} renderChunk={renderNodes} reveal={reveal} />}</div>
    </>
  );
});

/** Why the answer is not formatted as written (core/markdown/markdown-limits.ts), in the reader's words. */
function simplifiedNote(simplified: ParsedMarkdown['simplified'], t: Translate): string | null {
  switch (simplified) {
    case null:
      return null;
    case 'size':
      return t('markdown.tooLong');
    case 'complexity':
      return t('markdown.tooComplex');
    case 'nesting':
      return t('markdown.tooDeep');
    case 'unparsable':
      return t('markdown.unparsable');
    case 'slow':
      return t('markdown.tooSlow');
    default: {
      const never: never = simplified;
      return never;
    }
  }
}
