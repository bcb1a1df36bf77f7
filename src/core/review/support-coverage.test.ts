// Names and words a claim's evidence states, read with the lexicon, naming words and names stated by their last word.
import { describe, expect, it } from 'vitest';
import { coverage } from './support-coverage.ts';
import { lexicalSupport } from './support.ts';

const cover = (claim: string, passage: string) => coverage(claim, lexicalSupport(claim, [passage]), [passage]);

describe('coverage', () => {
  it('reads words in other forms and synonyms as stated', () => {
    expect(cover('The movie premiered in 2019.', 'The film was released on 4 May 2019.').unmatched).toEqual([]);
    expect(cover('The town recorded 40 deaths.', 'The town reported that 40 people died.').unmatched).toEqual([]);
    expect(cover('The prize was given to Ines Moll.', 'The committee gives the award to Ines Moll.').unmatched).toEqual([]);
  });

  it('does not ask the passage to repeat a type noun or a naming word', () => {
    expect(cover('The album Blue Hours was named after a poem.', 'Blue Hours takes its title from a poem.').unmatched).toEqual([]);
    expect(cover('The album Blue Hours was recorded in a barn.', 'Blue Hours was made in a barn.').unmatched).toEqual(['recorded']);
    expect(cover('Kestrel ( film ) is set in Leeds.', 'Kestrel is set in Leeds.').unmatched).toEqual([]);
    expect(cover("Ada Vane's brother was called Tom.", 'Vane had one brother, Tom.').share).toBe(1);
  });

  it('states a name of several words by its last word, a sentence-first word included', () => {
    expect(cover('Mira Kell scored 40 goals.', 'Kell scored 40 goals.')).toMatchObject({ missingNames: [], unmatched: [] });
    expect(cover('Mira Kell scored 40 goals.', 'She scored 40 goals.').unmatched).toEqual(['Mira']);
  });

  it('does not state a name whose last word the passage qualifies otherwise', () => {
    expect(cover('The mill is in North Dakota.', 'The mill is in South Dakota.').missingNames).toEqual(['North Dakota']);
    expect(cover('He was born in East Riding, Yorkshire.', 'He was born in the West Riding of Yorkshire.').missingNames).toEqual(['East Riding']);
    expect(cover('He lives in North Dakota.', 'He lives in Dakota.').missingNames).toEqual([]);
  });

  it('gives a share of 1 to a claim with no content words', () => {
    expect(cover('It is.', 'Nothing here.').share).toBe(1);
  });
});
