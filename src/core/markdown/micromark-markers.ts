import type { Literal } from 'mdast';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Code, Construct, Effects, Extension, State } from 'micromark-util-types';
import { MAX_MARKER_INNER, readMarkerGroup, type MarkerGroup } from '../markers/marker-syntax.ts';

// Citation markers as a Markdown construct, so that the parser itself decides where a marker may stand: only in
// inline text, tried before links (`[2]` is a marker, not a shortcut link), never in code, code spans, HTML, autolinks
// or link destinations, never from an escaped bracket (`\[2]`: the escape takes the bracket first). `[2](url)` is a
// link, not a marker. A marker inside link text (`[the spec [2]](url)`) is still a marker node inside the link; the
// renderer shows it after the link. One bounded forward scan per bracket: linear in the text.

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    citationMarker: 'citationMarker';
  }
}

declare module 'mdast' {
  /** A citation marker group: `value` is its raw text, `group` its keys with spans into the answer text. */
  interface CitationMarker extends Literal {
    type: 'citationMarker';
    group: MarkerGroup;
  }
  interface PhrasingContentMap {
    citationMarker: CitationMarker;
  }
  interface RootContentMap {
    citationMarker: CitationMarker;
  }
}

const LEFT_SQUARE = 0x5b;
const RIGHT_SQUARE = 0x5d;
const LEFT_PAREN = 0x28;
const EXCLAMATION = 0x21;
const COLON = 0x3a;
const LEFT_LENTICULAR = 0x3010; // 【
const RIGHT_LENTICULAR = 0x3011; // 】
// micromark's codes below zero: -1 a virtual space after a tab, -2 a tab, -3..-5 line endings.
const TAB = -2;
const VIRTUAL_SPACE = -1;

function markerConstruct(source: string, open: number, close: number): Construct {
  const openChar = String.fromCharCode(open);
  const closeChar = String.fromCharCode(close);
  return {
    name: 'citationMarker',
    tokenize(effects: Effects, ok: State, nok: State): State {
      let inner = '';
      const at = this.now().offset;
      const start: State = (code: Code) => {
        if (code !== open) return nok(code);
        effects.enter('citationMarker');
        effects.consume(code);
        return inside;
      };
      const inside: State = (code: Code) => {
        if (code === null || code < TAB || code === open) return nok(code);
        if (code === close) {
          if (!readMarkerGroup(openChar + inner + closeChar, 0)) return nok(code);
          effects.consume(code);
          effects.exit('citationMarker');
          return open === LEFT_SQUARE ? notLinkSyntax : ok;
        }
        if (code !== VIRTUAL_SPACE) inner += code === TAB ? '\t' : String.fromCharCode(code);
        if (inner.length > MAX_MARKER_INNER) return nok(code);
        effects.consume(code);
        return inside;
      };
      // `[1](https://…)` is a link whose text is "1"; `[1]: https://…` starting a line is a reference list entry.
      const notLinkSyntax: State = (code: Code) => (code === LEFT_PAREN || (code === COLON && startsLine(source, at)) ? nok(code) : ok(code));
      return start;
    },
  };
}

/** Only spaces, tabs and block-quote `>`s stand between the line's start and `offset`. */
function startsLine(source: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0 && source[i] !== '\n'; i--) if (!/[ \t>\r]/.test(source[i]!)) return false;
  return true;
}

/**
 * micromark syntax for `source` (the text being parsed; a marker looks back along its line): markers are tried before
 * every other construct starting with the same character.
 */
export function markerSyntax(source: string): Extension {
  const squareMarker = markerConstruct(source, LEFT_SQUARE, RIGHT_SQUARE);
  // "…is required![2]": without this, `![` would open an image label and swallow the marker. The `!` stays text.
  const bangBeforeMarker: Construct = {
    name: 'citationMarkerAfterBang',
    tokenize(effects: Effects, ok: State, nok: State): State {
      return (code: Code) => {
        if (code !== EXCLAMATION) return nok(code);
        effects.enter('data');
        effects.consume(code);
        effects.exit('data');
        return effects.check(squareMarker, ok, nok);
      };
    },
  };
  return {
    text: {
      [LEFT_SQUARE]: squareMarker,
      [LEFT_LENTICULAR]: markerConstruct(source, LEFT_LENTICULAR, RIGHT_LENTICULAR),
      [EXCLAMATION]: bangBeforeMarker,
    },
  };
}

/** mdast-util-from-markdown: a `citationMarker` node per marker token, its group read from the raw text. */
export const markerFromMarkdown: FromMarkdownExtension = {
  enter: {
    citationMarker(token) {
      this.enter({ type: 'citationMarker', value: '', group: { kind: 'numeric', start: 0, end: 0, raw: '', refs: [] } }, token);
    },
  },
  exit: {
    citationMarker(token) {
      const node = this.stack[this.stack.length - 1] as Literal & { group: MarkerGroup };
      node.value = this.sliceSerialize(token);
      // The tokenizer accepted exactly what readMarkerGroup accepts, so this never falls back.
      node.group = readMarkerGroup(node.value, token.start.offset) ?? node.group;
      this.exit(token);
    },
  },
};
