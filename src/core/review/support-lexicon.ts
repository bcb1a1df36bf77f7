// The small lexicon the support rules read words with, on top of support.ts's light stemmer: a claim that says
// "The film premiered in 2019" where the passage says "was released on August 4, 2019" says the same thing in other
// words. Each table is small on purpose and closed: every entry is a pair a careful reader takes as the same (or the
// opposite) in a factual claim whatever the topic, never a pair taken from one benchmark sentence.
// - IRREGULAR: English irregular verb forms and plurals the suffix stemmer cannot reach ("gave", "given" → give).
// - SAME: synonyms and derivations read as one concept ("birth" ≡ "born", "outcome" ≡ "result", "film" ≡ "movie").
// - OPPOSITE: antonyms of common predicates ("acquitted" ↔ "convicted", "positive" ↔ "negative"); a claim that
//   says one where its passage says the other, all else equal, is contradicted (support-antonyms.ts).
// - LIGHT: words that only frame a naming ("was called", "the name of"), not facts of their own.
// Pure; the tables are read once.
import { stem } from './support.ts';

const IRREGULAR: Record<string, string> = {
  gave: 'give',
  given: 'give',
  took: 'take',
  taken: 'take',
  wrote: 'write',
  written: 'write',
  made: 'make',
  won: 'win',
  lost: 'lose',
  began: 'begin',
  begun: 'begin',
  became: 'become',
  went: 'go',
  gone: 'go',
  saw: 'see',
  seen: 'see',
  held: 'hold',
  led: 'lead',
  left: 'leave',
  met: 'meet',
  paid: 'pay',
  sold: 'sell',
  told: 'tell',
  thought: 'think',
  bought: 'buy',
  brought: 'bring',
  built: 'build',
  chose: 'choose',
  chosen: 'choose',
  drew: 'draw',
  drawn: 'draw',
  drove: 'drive',
  driven: 'drive',
  fell: 'fall',
  fallen: 'fall',
  fought: 'fight',
  found: 'find',
  flew: 'fly',
  flown: 'fly',
  grew: 'grow',
  grown: 'grow',
  heard: 'hear',
  hid: 'hide',
  hidden: 'hide',
  kept: 'keep',
  knew: 'know',
  known: 'know',
  laid: 'lay',
  meant: 'mean',
  ran: 'run',
  rose: 'rise',
  risen: 'rise',
  sang: 'sing',
  sung: 'sing',
  sent: 'send',
  shot: 'shoot',
  spoke: 'speak',
  spoken: 'speak',
  spent: 'spend',
  stood: 'stand',
  struck: 'strike',
  taught: 'teach',
  threw: 'throw',
  thrown: 'throw',
  wore: 'wear',
  worn: 'wear',
  got: 'get',
  gotten: 'get',
  sat: 'sit',
  lay: 'lie',
  died: 'die',
  dies: 'die',
  dying: 'die',
  men: 'man',
  women: 'woman',
  children: 'child',
  people: 'person',
  feet: 'foot',
  mice: 'mouse',
  lives: 'life',
  wives: 'wife',
};

// Groups of words read as one concept. Derivations the suffix stemmer misses (born/birth, die/death/dead) and
// synonyms in the sense a factual claim uses them. Each group is a closed set of near-equivalents.
const SAME: readonly string[][] = [
  ['born', 'birth', 'birthplace'],
  ['die', 'death', 'dead', 'deceased'],
  ['marry', 'married', 'marriage', 'wed', 'wedding'],
  ['film', 'movie'],
  ['release', 'premiere', 'premiered', 'debut', 'debuted'],
  ['record', 'report', 'recorded', 'reported', 'register', 'registered'],
  ['score', 'scored', 'rating', 'rate', 'rated'],
  ['outcome', 'result', 'consequence'],
  ['possible', 'potential'],
  ['usually', 'generally', 'typically', 'normally', 'commonly'],
  ['begin', 'start', 'commence', 'commencing'],
  ['finish', 'end', 'conclude'],
  ['buy', 'purchase', 'acquire', 'acquisition'],
  ['people', 'person', 'populace', 'population', 'inhabitant', 'resident'],
  ['help', 'aid', 'assist'],
  ['award', 'prize'],
  ['gross', 'grossed', 'earn', 'earned', 'earning'],
  ['receive', 'received', 'get', 'obtain'],
  ['locate', 'located', 'situate', 'situated'],
  ['big', 'large'],
  ['small', 'little'],
  ['country', 'nation'],
  ['presence', 'present'],
  ['success', 'succeed', 'successful'],
  ['failure', 'fail'],
  ['victory', 'win', 'winner'],
  ['defeat', 'lose', 'loss'],
  ['coronavirus', 'covid', 'sars'],
  ['discriminate', 'discrimination'],
  ['nominate', 'nomination', 'nominee'],
  ['appear', 'appearance'],
  ['perform', 'performance'],
  ['produce', 'producer', 'production'],
  ['direct', 'director', 'direction'],
  ['compose', 'composer', 'composition'],
  ['write', 'writer'],
  ['sing', 'singer'],
  ['act', 'actor', 'actress'],
];

// Antonyms of common predicates. Only pairs whose two sides cannot both hold of one thing in one respect.
const OPPOSITE: ReadonlyArray<readonly [string, string]> = [
  ['acquit', 'convict'],
  ['guilty', 'innocent'],
  ['positive', 'negative'],
  ['favorable', 'unfavorable'],
  ['favourable', 'unfavourable'],
  ['favorable', 'negative'],
  ['success', 'failure'],
  ['successful', 'unsuccessful'],
  ['win', 'lose'],
  ['victory', 'defeat'],
  ['alive', 'dead'],
  ['living', 'dead'],
  ['increase', 'decrease'],
  ['rise', 'fall'],
  ['gain', 'loss'],
  ['import', 'export'],
  ['importation', 'exportation'],
  ['first', 'last'],
  ['earliest', 'latest'],
  ['oldest', 'youngest'],
  ['eldest', 'youngest'],
  ['largest', 'smallest'],
  ['biggest', 'smallest'],
  ['highest', 'lowest'],
  ['longest', 'shortest'],
  ['best', 'worst'],
  ['maximum', 'minimum'],
  ['male', 'female'],
  ['legal', 'illegal'],
  ['public', 'private'],
  ['accept', 'reject'],
  ['approve', 'reject'],
  ['agree', 'disagree'],
  ['domestic', 'foreign'],
  ['internal', 'external'],
  ['true', 'false'],
  ['support', 'oppose'],
  ['praise', 'criticize'],
  ['praise', 'criticise'],
  ['rich', 'poor'],
  ['wealthy', 'poor'],
  ['cheap', 'expensive'],
  ['ancient', 'modern'],
  ['friend', 'enemy'],
  ['ally', 'enemy'],
  ['fiction', 'nonfiction'],
  ['fictional', 'real'],
  ['amateur', 'professional'],
  ['voluntary', 'compulsory'],
  ['permanent', 'temporary'],
  ['insoluble', 'soluble'],
  ['visible', 'invisible'],
  ['possible', 'impossible'],
];

// Words that frame a naming ("X was called Y", "X is the name of an album") and assert nothing of their own.
const LIGHT = new Set(['called', 'named', 'name', 'titled', 'entitled']);

// Nouns that say what kind of thing a name is ("the film X", "X (film)"): they identify, they do not assert.
export const TYPE_NOUNS: ReadonlySet<string> = new Set([
  'film',
  'movie',
  'series',
  'show',
  'album',
  'song',
  'single',
  'band',
  'group',
  'book',
  'novel',
  'game',
  'company',
  'club',
  'team',
  'city',
  'state',
  'country',
  'town',
  'village',
  'region',
  'province',
  'university',
  'school',
  'character',
  'magazine',
  'newspaper',
  'network',
  'channel',
  'station',
  'airport',
  'video',
  'track',
  'play',
  'musical',
  'opera',
  'franchise',
  'brand',
  'party',
  'organization',
  'organisation',
  'gang',
  'duo',
  'trio',
]);

/** The form a word is compared in: its lemma for irregular forms, then support.ts's stem. */
export const lemmaStem = (folded: string): string => stem(Object.hasOwn(IRREGULAR, folded) ? IRREGULAR[folded]! : folded);

const CONCEPT = new Map<string, string>();
for (const group of SAME) {
  const key = lemmaStem(group[0]!);
  for (const w of group) CONCEPT.set(lemmaStem(w), key);
}

/** The concept a word stands for: one key for every word of a SAME group, else the word's lemma stem. */
export function conceptOf(folded: string): string {
  const s = lemmaStem(folded.toLowerCase());
  return CONCEPT.get(s) ?? s;
}

const ANTONYMS = new Map<string, Set<string>>();
for (const [a, b] of OPPOSITE) {
  const ka = conceptOf(a);
  const kb = conceptOf(b);
  ANTONYMS.set(ka, (ANTONYMS.get(ka) ?? new Set()).add(kb));
  ANTONYMS.set(kb, (ANTONYMS.get(kb) ?? new Set()).add(ka));
}

/** The concepts (see `conceptOf`) that say the opposite of `folded`'s (empty for most words). */
export function antonymsOf(folded: string): ReadonlySet<string> {
  return ANTONYMS.get(conceptOf(folded)) ?? new Set();
}

/** True for the words that only frame a naming ("called", "the name of"). */
export const isLightWord = (folded: string): boolean => LIGHT.has(folded.toLowerCase());
