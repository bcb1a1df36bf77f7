// The opposite predicate in the same slot is a contradiction; an antonym elsewhere, or with a name missing, is not.
import { describe, expect, it } from 'vitest';
import { antonymContradiction } from './support-antonyms.ts';

const opposite = (claim: string, passage: string, namesStated = true) => antonymContradiction(claim, [passage], namesStated);

describe('antonymContradiction', () => {
  it('finds the opposite word said of the same thing', () => {
    expect(opposite('The play Red Harbour received very favorable reviews.', 'Red Harbour opened to highly negative reviews.')).toMatchObject({
      claimWord: 'favorable',
      passageWord: 'negative',
    });
    expect(opposite('The merger was a success for Tolvik.', 'For Tolvik the merger was a failure.')).toMatchObject({
      claimWord: 'success',
      passageWord: 'failure',
    });
    expect(opposite('Dana Roe was acquitted of fraud.', 'Dana Roe was convicted of fraud in 2011.')).toMatchObject({ passageWord: 'convicted' });
  });

  it('says nothing when the passage also says the claim word, or says it of something else', () => {
    expect(opposite('The play received positive reviews.', 'The play received positive reviews from critics and negative reviews from audiences.')).toBeNull();
    expect(opposite('The play received positive reviews.', 'The play had a negative cash flow while the reviews were kind.')).toBeNull();
  });

  it('reads "not unfavorable" as no opposite of "favorable"', () => {
    expect(opposite('The play received favorable reviews.', 'The play received not unfavorable reviews.')).toBeNull();
    expect(opposite('The play received favorable reviews.', 'The play did not receive negative reviews.')).toBeNull();
  });

  it('needs every name of the claim stated, or the sentence may be about something else', () => {
    expect(opposite('Dana Roe was acquitted.', 'He was convicted.', false)).toBeNull();
  });
});
