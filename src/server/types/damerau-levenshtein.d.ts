// The package ships no types: its one function, as its README documents it.
declare module 'damerau-levenshtein' {
  /** The edits (insert, delete, substitute, swap two neighbours) from one word to another. */
  export default function levenshtein(
    from: string,
    to: string,
    limit?: number,
  ): { steps: number; relative: number; similarity: number };
}
