// A different entity in the same role: "written by Adam Robins" where the passage says "written by Kurt Sutter",
// "a French actor" where it says "an American actor". A name of the claim that the evidence never mentions, whose
// neighbouring word (the verb or noun that gives it its role) stands in the evidence next to another name. Only
// then: a missing name with no such neighbour is "needs a look", never a contradiction. Pure.
import { isStopWord } from './stop-words.ts';
import { entities, words, type Entity, type Word } from './support.ts';

export interface EntitySwap {
  /** The claim's name, as written. */
  claim: string;
  /** The other name in the passage, as written. */
  passage: string;
}

interface Anchor {
  stem: string;
  /** The stop words between the anchor and the name, determiners left out: "in", "by", "" ("French actor"). */
  link: string;
}

const DETERMINERS = new Set(['the', 'a', 'an']);
// "$ 20.5 million in North America" / "$ 20.8 million in the United States": an amount's scale is no role.
const SCALE_WORDS = /^(?:hundreds?|thousands?|millions?|billions?|trillions?|percent|dollars?|euros?)$/u;

/** The content word next to an entity on one side (stop words between are skipped), when it is not a name itself. */
function anchor(ws: readonly Word[], entity: Entity, side: -1 | 1, inEntity: Set<Word>): Anchor | undefined {
  const idx = ws.map((w, i) => (entity.words.has(w) ? i : -1)).filter((i) => i >= 0);
  let i = side < 0 ? Math.min(...idx) - 1 : Math.max(...idx) + 1;
  const link: string[] = [];
  for (let hops = 0; i >= 0 && i < ws.length && hops < 3; i += side, hops++) {
    const w = ws[i]!;
    if (isStopWord(w.folded)) {
      if (!DETERMINERS.has(w.folded)) link.push(w.folded);
      continue;
    }
    if (inEntity.has(w) || w.folded.length < 3 || /\d/u.test(w.raw) || SCALE_WORDS.test(w.folded)) return undefined;
    return { stem: w.stem, link: link.join(' ') };
  }
  return undefined;
}

const sameAnchor = (a: Anchor | undefined, b: Anchor | undefined) => !!a && !!b && a.stem === b.stem && a.link === b.link;

/**
 * Two names of one thing: one holds every word of the other ("Flacco" / "Joe Flacco") or both end in the same word
 * ("Bank of America" aside, a name's last word is its head). Sharing a qualifier is not enough: "North Carolina" and
 * "North Hollywood" are two places.
 */
function sameName(a: Entity, b: Entity): boolean {
  const [short, long] = a.stems.length <= b.stems.length ? [a, b] : [b, a];
  const initials = long.stems.map((s) => s[0]).join('');
  // "F.C." stands for "Football Club": dotted initials match the first letters of the other name's words
  const initialed = (w: Word) => /^(?:\p{L}\.)+\p{L}?\.?$/u.test(w.raw) && initials.includes(w.folded);
  return [...short.words].every((w) => long.stems.includes(w.stem) || initialed(w)) || a.stems.at(-1) === b.stems.at(-1);
}

/**
 * The first claim name whose role the evidence gives to another name. `missing`: the claim's names (as written)
 * that no evidence text or context states, from the lexical check.
 */
export function entitySwap(claim: string, passages: readonly string[], missing: ReadonlySet<string>): EntitySwap | null {
  const cw = words(claim);
  const claimEntities = entities(claim, cw);
  const claimInEntity = new Set(claimEntities.flatMap((e) => [...e.words]));
  for (const e of claimEntities) {
    if (!missing.has(e.text)) continue;
    const left = anchor(cw, e, -1, claimInEntity);
    const right = anchor(cw, e, 1, claimInEntity);
    if (!left && !right) continue;
    for (const passage of passages) {
      const pw = words(passage);
      const pe = entities(passage, pw);
      const pInEntity = new Set(pe.flatMap((x) => [...x.words]));
      for (const f of pe) {
        if (sameName(e, f) || claimEntities.some((c) => sameName(c, f))) continue;
        const l = anchor(pw, f, -1, pInEntity);
        const r = anchor(pw, f, 1, pInEntity);
        if (sameAnchor(left, l) || sameAnchor(right, r)) return { claim: e.text, passage: f.text };
      }
    }
  }
  return null;
}
