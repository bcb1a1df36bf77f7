import type { Element, Nodes, Root } from 'hast';
import { blockLanguage, readScript, type ScriptLanguage } from './script-language.ts';

// `lang` on the blocks of an answer or a document drawn as hast (features/answer/answer-hast.ts,
// features/viewer/text-source/text-source-hast.ts), beside their `dir="auto"`: a block gets the language its own script tells
// (script-language.ts), or the whole text's when it is in the same script but does not tell. A block inside a block
// that got a language, but not in that script (an English line in a Persian list item), gets `lang=""`: unknown,
// rather than the Persian it would inherit.

function textOf(node: Nodes): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map((c) => textOf(c)).join(' ') : '';
}

/** Any Arabic-script character (the Arabic blocks and presentation forms). */
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

export function withBlockLanguages(root: Root, blocks: ReadonlySet<string>): Root {
  const all = textOf(root);
  // Most answers have no Arabic script at all: then no block gets a language, and one regex scan is all it costs.
  if (!ARABIC_SCRIPT.test(all)) return root;
  const whole = readScript(all).language;
  const visit = (node: Element, inherited: ScriptLanguage | undefined): Element => {
    let lang: ScriptLanguage | '' | undefined;
    if (blocks.has(node.tagName)) {
      const text = textOf(node);
      const own = blockLanguage(text, whole);
      if (own !== undefined && own !== inherited) lang = own;
      else if (own === undefined && inherited !== undefined && !readScript(text).arabicScript && /\p{L}/u.test(text)) lang = '';
    }
    const inner = lang === undefined ? inherited : lang || undefined;
    const children = node.children.map((c) => (c.type === 'element' ? visit(c, inner) : c));
    return lang === undefined ? { ...node, children } : { ...node, properties: { ...node.properties, lang }, children };
  };
  return { ...root, children: root.children.map((c) => (c.type === 'element' ? visit(c, undefined) : c)) };
}
