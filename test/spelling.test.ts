import { describe, expect, it } from 'vitest';
import { likeliestSpelling } from '../src/server/modules/catalog/spelling.ts';

// "Did you mean": the word a typo most likely was, among the catalogue's near words.

const candidate = (word: string, uses: number, similarity = 0.3) => ({ word, uses, similarity });

describe('the likeliest spelling', () => {
  it('takes a swap of two letters as one typo, and the word the catalogue uses most among equals', () => {
    // "chian" is one edit from "chan" (drop the i) and one from "chain" (swap i and a).
    expect(
      likeliestSpelling('chian', [candidate('chan', 1, 0.375), candidate('chain', 40, 0.2)]),
    ).toBe('chain');
  });

  it('prefers fewer edits to more uses', () => {
    expect(likeliestSpelling('shimno', [candidate('shimano', 3), candidate('shim', 90)])).toBe(
      'shimano',
    );
  });

  it('neither offers nor respells a code: one character off is another part', () => {
    expect(likeliestSpelling('11', [candidate('110', 40, 0.5)])).toBe('11');
    expect(likeliestSpelling('chian', [candidate('chain1', 90), candidate('chain', 2)])).toBe(
      'chain',
    );
  });

  it('keeps the word as typed when nothing is near enough', () => {
    expect(likeliestSpelling('brakes', [])).toBe('brakes');
    // Two edits in a five-letter word make another word, not a typo.
    expect(likeliestSpelling('tyres', [candidate('tubes', 50)])).toBe('tyres');
  });

  it('keeps a word the catalogue has as it is', () => {
    expect(likeliestSpelling('chain', [candidate('chain', 2, 1), candidate('chains', 80)])).toBe(
      'chain',
    );
  });
});
