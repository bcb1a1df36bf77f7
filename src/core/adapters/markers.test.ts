import { describe, expect, it } from 'vitest';
import { insertMarkers } from './markers.ts';

/** The claim insertMarkers records for a span of `text` (the first occurrence of `cited`), and the marked text. */
function claimOf(text: string, cited: string): { claim: string; marked: string } {
  const start = text.indexOf(cited);
  const { text: marked, spans } = insertMarkers(text, [{ start, end: start + cited.length, sourceId: 'S1', n: 1 }]);
  const span = spans[0]!;
  return { claim: marked.slice(span.answerStart, span.answerEnd), marked };
}

describe('claim spans', () => {
  it('never start with the list bullet, number or heading mark that opens their line', () => {
    expect(claimOf('Notes:\n- Revenue grew 18%.\n- Costs fell.', '- Revenue grew 18%.').claim).toBe('Revenue grew 18%.');
    expect(claimOf('1. Backups run nightly.', '1. Backups run nightly.').claim).toBe('Backups run nightly.');
    expect(claimOf('  * Keys rotate yearly.', '* Keys rotate yearly.').claim).toBe('Keys rotate yearly.');
    // A dash inside a line is prose, not a bullet.
    expect(claimOf('Costs - as expected - fell.', '- as expected - fell.').claim).toBe('- as expected - fell.');
  });

  it("never end before their sentence's last word and full stop: the marker follows the full stop", () => {
    expect(claimOf('The sky is blue. Grass is green.', 'The sky is blue')).toEqual({
      claim: 'The sky is blue.',
      marked: 'The sky is blue.[1] Grass is green.',
    });
    expect(claimOf('The capital of France is Paris.', 'The capital of France is').claim).toBe('The capital of France is Paris.');
    expect(claimOf('Penguins live in Antarctica.', 'Penguins live in Antarc').claim).toBe('Penguins live in Antarctica.');
    expect(claimOf('He said “it works.” Then left.', 'He said “it works').claim).toBe('He said “it works.”');
  });

  it('leave a claim that is a phrase inside its sentence, or that ends at a decimal point, as the provider gave it', () => {
    expect(claimOf('The tallest penguins, Emperor penguins, live in Antarctica.', 'Emperor penguins').claim).toBe('Emperor penguins');
    expect(claimOf('Use TLS 1.2 or newer.', 'Use TLS 1').claim).toBe('Use TLS 1');
    expect(claimOf('It is 24°C in Madrid and 28°C in Brasilia.', '24°C').claim).toBe('24°C');
  });
});
