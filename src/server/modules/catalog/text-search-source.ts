import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { CANDIDATES, SUGGESTION_SIMILARITY, textArray } from './browse.ts';
import { mayBeNear, trigramWords, WORD_SIMILARITY, type TextQuery } from './search.ts';
import { likeliestSpelling } from './spelling.ts';
import {
  brandsSharingTrigrams,
  wordsSharingTrigrams,
  type NearWords,
  type TextIndex,
} from './text-index.ts';

// The near-spelling pass of an in-memory search (text-index.ts): pg_trgm weighs the
// catalogue's words that share trigrams with each typed one, as it does for the SQL list
// (search.ts, browse.ts), and says which are near enough to find parts by, and which the
// "Did you mean" may offer.

/** The catalogue's words weighed per typed word: those sharing the most trigrams with it. */
const WEIGHED = 60;

/** A typed word (`k`, its place in the search) against a word of the catalogue or a brand. */
type Weighed = { k: number; kind: Kind; word: string; brand: number; ws: number; s: number };
/** Weighed for the spelling offered (the word as typed), or to find parts by (its trigram words). */
type Kind = 'spelling' | 'near';

const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/** Each word of the search, what pg_trgm finds near it, and the likeliest spelling of all. */
export async function nearSearch(
  db: Executor,
  index: TextIndex,
  text: TextQuery,
): Promise<{ near: NearWords; spelling: string | undefined }> {
  const pairs = { k: [] as number[], kind: [] as Kind[], typed: [] as string[] };
  const against = { word: [] as string[], brand: [] as number[] };
  const add = (k: number, kind: Kind, typed: string, word: string, brand = -1) => {
    pairs.k.push(k);
    pairs.kind.push(kind);
    pairs.typed.push(typed);
    against.word.push(word);
    against.brand.push(brand);
  };
  text.words.forEach((alternatives, k) => {
    const asTyped = alternatives[0]!;
    for (const word of wordsSharingTrigrams(index, asTyped, WEIGHED)) {
      add(k, 'spelling', asTyped, word);
    }
    for (const alternative of alternatives.filter(mayBeNear)) {
      const form = trigramWords(alternative);
      for (const word of wordsSharingTrigrams(index, form, WEIGHED)) add(k, 'near', form, word);
      for (const b of brandsSharingTrigrams(index, form))
        add(k, 'near', form, index.brandNames[b]!, b);
    }
  });
  const weighed =
    pairs.k.length === 0
      ? []
      : rawRows<Weighed>(
          await db.execute(sql`
            select c.k, c.kind, c.word, c.brand, word_similarity(c.typed, c.word) as ws,
              similarity(c.word, c.typed) as s
            from unnest(${intArray(pairs.k)}, ${textArray(pairs.kind)}, ${textArray(pairs.typed)},
              ${textArray(against.word)}, ${intArray(against.brand)})
              as c(k, kind, typed, word, brand)`),
        );
  const near: NearWords = { words: text.words.map(() => []), brands: text.words.map(() => []) };
  for (const row of weighed) {
    if (row.kind !== 'near' || Number(row.ws) < WORD_SIMILARITY) continue;
    const k = Number(row.k);
    const brand = Number(row.brand);
    if (brand >= 0) near.brands[k]!.push(brand);
    else near.words[k]!.push(row.word);
  }
  return { near, spelling: spellingOf(index, text, weighed) };
}

/** "Did you mean": each typed word as the likeliest near word of the catalogue, if any changes. */
function spellingOf(index: TextIndex, text: TextQuery, weighed: Weighed[]) {
  const uses = new Map(index.words.map((word, w) => [word, index.uses[w]!]));
  const typedWords = text.words.map(([word]) => word!);
  const spelled = typedWords.map((typed, at) =>
    likeliestSpelling(
      typed,
      weighed
        .filter((row) => row.kind === 'spelling' && Number(row.k) === at)
        .filter((row) => Number(row.s) >= SUGGESTION_SIMILARITY)
        .sort((a, b) => Number(b.s) - Number(a.s) || a.word.localeCompare(b.word))
        .slice(0, CANDIDATES)
        .map((row) => ({
          word: row.word,
          uses: uses.get(row.word) ?? 0,
          similarity: Number(row.s),
        })),
    ),
  );
  const suggestion = spelled.join(' ');
  return suggestion !== typedWords.join(' ') ? suggestion : undefined;
}
