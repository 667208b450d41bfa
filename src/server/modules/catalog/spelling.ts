import levenshtein from 'damerau-levenshtein';

// "Did you mean": which of the catalogue's words a mistyped one most likely was.

/** A word of the catalogue near a typed one: its trigram similarity and how often it is used. */
export type Candidate = { word: string; similarity: number; uses: number };

const HAS_DIGIT = /\d/;

/** The edits a typo may take: one in a short word, one per four letters in a longer one. */
const allowedEdits = (word: string) => Math.max(1, Math.floor(word.length / 4));

/**
 * The candidate fewest edits away (a swap of two letters is one: "chian" is one from "chain"
 * as from "chan"), then the one the catalogue uses most (chain, in a shop of chains), then the
 * most similar. The typed word itself when none is near enough.
 */
export function likeliestSpelling(typed: string, candidates: readonly Candidate[]): string {
  // A code one character off is another part (search.ts): no code is offered, none respelled.
  if (HAS_DIGIT.test(typed)) return typed;
  const allowed = allowedEdits(typed);
  const near = candidates
    .filter((candidate) => !HAS_DIGIT.test(candidate.word))
    .map((candidate) => ({ ...candidate, edits: levenshtein(typed, candidate.word).steps }))
    .filter((candidate) => candidate.edits <= allowed)
    .sort(
      (a, b) =>
        a.edits - b.edits ||
        b.uses - a.uses ||
        b.similarity - a.similarity ||
        a.word.localeCompare(b.word),
    );
  return near[0]?.word ?? typed;
}
