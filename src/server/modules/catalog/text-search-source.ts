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

/** pg_trgm's two measures of a typed word against a word of the catalogue or a brand's name. */
type Weighed = { typed: string; word: string; ws: number; s: number };
type Weights = Map<string, Weighed>;
const pairKey = (typed: string, word: string) => `${typed}\u0000${word}`;

/**
 * Each pair weighed once by pg_trgm: `word_similarity` (what `<%` compares: is the typed word
 * near) and `similarity` (which spelling to offer). Pairs near on neither are left out.
 */
async function weigh(db: Executor, pairs: Map<string, [string, string]>): Promise<Weights> {
  if (pairs.size === 0) return new Map();
  const typed = [...pairs.values()].map(([one]) => one);
  const words = [...pairs.values()].map(([, word]) => word);
  const rows = rawRows<Weighed>(
    await db.execute(sql`
      select typed, word, word_similarity(typed, word) as ws, similarity(word, typed) as s
      from unnest(${textArray(typed)}, ${textArray(words)}) as pair(typed, word)
      where word_similarity(typed, word) >= ${WORD_SIMILARITY}
        or similarity(word, typed) >= ${SUGGESTION_SIMILARITY}`),
  );
  return new Map(
    rows.map((row) => [
      pairKey(row.typed, row.word),
      { ...row, ws: Number(row.ws), s: Number(row.s) },
    ]),
  );
}

/** Each word of the search, what pg_trgm finds near it, and the likeliest spelling of all. */
export async function nearSearch(
  db: Executor,
  index: TextIndex,
  text: TextQuery,
): Promise<{ near: NearWords; spelling: string | undefined }> {
  const pairs = new Map<string, [string, string]>();
  const pair = (typed: string, word: string) => {
    pairs.set(pairKey(typed, word), [typed, word]);
    return pairKey(typed, word);
  };
  const asked = text.words.map((alternatives) => {
    const asTyped = alternatives[0]!;
    const spelling = wordsSharingTrigrams(index, asTyped, WEIGHED).map((word) => ({
      word,
      key: pair(asTyped, word),
    }));
    const forms = alternatives.filter(mayBeNear).map(trigramWords);
    const words = forms.flatMap((form) =>
      wordsSharingTrigrams(index, form, WEIGHED).map((word) => ({ word, key: pair(form, word) })),
    );
    const brands = forms.flatMap((form) =>
      brandsSharingTrigrams(index, form).map((b) => ({
        b,
        key: pair(form, index.brandNames[b]!),
      })),
    );
    return { spelling, words, brands };
  });
  const weights = await weigh(db, pairs);
  const isNear = (key: string) => (weights.get(key)?.ws ?? 0) >= WORD_SIMILARITY;
  const near: NearWords = {
    words: asked.map(({ words }) => words.filter(({ key }) => isNear(key)).map(({ word }) => word)),
    brands: asked.map(({ brands }) => brands.filter(({ key }) => isNear(key)).map(({ b }) => b)),
  };
  const candidates = asked.map(({ spelling }) =>
    spelling.flatMap(({ word, key }) => {
      const similarity = weights.get(key)?.s ?? 0;
      return similarity >= SUGGESTION_SIMILARITY ? [{ word, similarity }] : [];
    }),
  );
  return { near, spelling: spellingOf(index, text, candidates) };
}

/** "Did you mean": each typed word as the likeliest near word of the catalogue, if any changes. */
function spellingOf(
  index: TextIndex,
  text: TextQuery,
  candidates: { word: string; similarity: number }[][],
) {
  const typedWords = text.words.map(([word]) => word!);
  const spelled = typedWords.map((typed, k) =>
    likeliestSpelling(
      typed,
      [...(candidates[k] ?? [])]
        .sort((a, b) => b.similarity - a.similarity || a.word.localeCompare(b.word))
        .slice(0, CANDIDATES)
        .map((one) => ({ ...one, uses: index.uses[index.wordId.get(one.word) ?? -1] ?? 0 })),
    ),
  );
  const suggestion = spelled.join(' ');
  return suggestion !== typedWords.join(' ') ? suggestion : undefined;
}
