import { mpnKeyOf } from './repository.ts';
import { NEAR_ONLY, type TextQuery } from './search.ts';

// `?q=` answered in memory, beside the facet index (facet-index.ts): the parts' searched texts
// joined into one string each (names and SKUs; descriptions), so that finding a word is a run
// of indexOf over a few megabytes, not a LIKE over every row. The rules are search.ts's (a
// word is in the name or SKU, the brand or the description; the ranks 0 to 4); the SQL list
// (browse.ts) applies the same ones when no index is held.

/** What a part is searched by, as the database lower-cases it. */
export type TextRow = {
  /** `search_text`: the lower-cased name and SKU. */
  text: string;
  description: string;
  sku: string;
  gtin: string | null;
  mpn: string | null;
};

/** Between two parts' texts in the joined string: no typed word can hold it. */
const SEPARATOR = '\u0000';

/** pg_trgm's words: runs of letters and digits; the catalogue's words are three long or more. */
const WORD = /[\p{L}\p{N}]+/gu;
const MIN_WORD = 3;

/**
 * A letter or digit, as WORD has them, by code: a regular expression over every name of a
 * large catalogue takes most of a load. Past Latin-1, anything but general punctuation counts.
 */
const isWordChar = (c: number) =>
  (c >= 48 && c <= 57) ||
  (c >= 97 && c <= 122) ||
  (c >= 65 && c <= 90) ||
  (c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && !(c >= 0x2000 && c <= 0x206f));

/** The trigrams pg_trgm makes of one word: two blanks before it, one after. */
export function trigramsOf(word: string) {
  const padded = `  ${word} `;
  const found = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  return found;
}

/**
 * Builds the text index in the order the parts are added (a load reads them by id), a few
 * thousand texts joined at a time: a load never holds every part's texts as strings of their
 * own, only the joined columns.
 */
export function textIndexBuilder() {
  const columns = {
    names: column(),
    descriptions: column(),
    skus: column(),
    gtins: column(),
    mpns: column(),
  };
  const vocabulary = vocabularyBuilder();
  return {
    add(row: TextRow) {
      vocabulary.add(row.text);
      columns.names.add(row.text);
      columns.descriptions.add(row.description);
      columns.skus.add(row.sku.toUpperCase());
      columns.gtins.add(row.gtin ? row.gtin.padStart(14, '0') : '');
      columns.mpns.add(row.mpn ? mpnKeyOf(row.mpn) : '');
    },
    finish(brandNames: string[], extraWords: string[]) {
      return {
        names: columns.names.finish(),
        descriptions: columns.descriptions.finish(),
        skus: columns.skus.finish(),
        gtins: columns.gtins.finish(),
        mpns: columns.mpns.finish(),
        brandNames,
        brandTrigrams: brandNames.map(
          (name) => new Set((name.match(WORD) ?? []).flatMap((run) => [...trigramsOf(run)])),
        ),
        ...vocabulary.finish([...brandNames, ...extraWords]),
      };
    },
  };
}

/** Texts joined a few thousand at a time. */
const JOINED_AT_ONCE = 2_000;

/**
 * Many short texts as one string, each between two separators (so a text is found whole as
 * `SEPARATOR + text + SEPARATOR`), and where each starts.
 */
function column() {
  const starts: number[] = [];
  const chunks: string[] = [];
  let pending: string[] = [];
  let offset = SEPARATOR.length;
  const flush = () => {
    if (pending.length > 0) chunks.push(pending.join(SEPARATOR) + SEPARATOR);
    pending = [];
  };
  return {
    add(text: string) {
      starts.push(offset);
      offset += text.length + SEPARATOR.length;
      pending.push(text);
      if (pending.length >= JOINED_AT_ONCE) flush();
    },
    finish() {
      flush();
      starts.push(offset);
      return { all: SEPARATOR + chunks.join(''), starts: Int32Array.from(starts) };
    },
  };
}

/**
 * Calls `word` with each word of `text` (a run of letters and digits, three long or more,
 * with no digit: a word with one is a code, search.ts's mayBeNear, never near and never
 * offered), without a regular expression: one over every name of a large catalogue takes
 * most of a load.
 */
function eachWord(text: string, word: (found: string) => void) {
  let start = 0;
  let digits = false;
  for (let at = 0; at <= text.length; at++) {
    const c = text.charCodeAt(at);
    if (at < text.length && isWordChar(c)) {
      digits ||= c <= 57;
      continue;
    }
    if (at - start >= MIN_WORD && !digits) word(text.slice(start, at));
    start = at + 1;
    digits = false;
  }
}

/**
 * The catalogue's words: each with the parts whose name or SKU has it (a near spelling finds
 * those), how many they are (the brands' and categories' words count once more: a spelling
 * may be offered from those too), and each trigram's words, to pick the few pg_trgm weighs.
 */
function vocabularyBuilder() {
  const wordId = new Map<string, number>();
  const words: string[] = [];
  const idOf = (word: string) => {
    let id = wordId.get(word);
    if (id === undefined) {
      id = words.length;
      words.push(word);
      wordId.set(word, id);
    }
    return id;
  };
  const pairs: number[] = [];
  const lastPart: number[] = [];
  let part = 0;
  return {
    add(text: string) {
      eachWord(text, (word) => {
        const id = idOf(word);
        if (lastPart[id] === part) return;
        lastPart[id] = part;
        pairs.push(id, part);
      });
      part += 1;
    },
    finish(others: string[]) {
      const extra: number[] = [];
      for (const other of others) eachWord(other.toLowerCase(), (word) => extra.push(idOf(word)));
      // The parts of each word side by side (word w's from starts[w] to starts[w + 1]).
      const starts = new Int32Array(words.length + 1);
      for (let k = 0; k < pairs.length; k += 2) starts[pairs[k]! + 1]! += 1;
      for (let w = 0; w < words.length; w++) starts[w + 1]! += starts[w]!;
      const parts = new Int32Array(pairs.length / 2);
      const filled = starts.slice(0, words.length);
      for (let k = 0; k < pairs.length; k += 2) parts[filled[pairs[k]!]!++] = pairs[k + 1]!;
      pairs.length = 0;
      const uses = Int32Array.from(words, (_, w) => starts[w + 1]! - starts[w]!);
      for (const w of extra) uses[w]! += 1;
      const byTrigram = new Map<string, number[]>();
      words.forEach((word, w) => {
        for (const trigram of trigramsOf(word)) {
          const list = byTrigram.get(trigram);
          if (list) list.push(w);
          else byTrigram.set(trigram, [w]);
        }
      });
      return { words, wordId, uses, postings: { starts, parts }, byTrigram };
    },
  };
}

export type TextIndex = ReturnType<ReturnType<typeof textIndexBuilder>['finish']>;

type Joined = ReturnType<ReturnType<typeof column>['finish']>;

/** The part whose text starts at or before `at`, from `first` on (they come in order). */
function partAt({ starts }: Joined, at: number, first: number) {
  let lo = first;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The parts whose text is `value`, whole. */
function partsBeing(text: Joined, value: string): number[] {
  if (value === '' || value.includes(SEPARATOR)) return [];
  const found: number[] = [];
  const needle = SEPARATOR + value + SEPARATOR;
  for (let at = text.all.indexOf(needle); at >= 0; at = text.all.indexOf(needle, at + 1)) {
    found.push(partAt(text, at + 1, 0));
  }
  return found;
}

/** The parts whose text holds `needle`, as one byte each. */
function partsHolding(text: Joined, needle: string, into: Uint8Array) {
  if (needle === '' || needle.includes(SEPARATOR)) return into;
  let part = 0;
  for (let at = text.all.indexOf(needle); at >= 0;) {
    part = partAt(text, at, part);
    into[part] = 1;
    // One find a part is enough: look on from the next part.
    at = text.all.indexOf(needle, text.starts[part + 1]!);
  }
  return into;
}

/** What the near-spelling pass found for each word of a search (text-search-source.ts). */
export type NearWords = {
  /** Per word of the search, the catalogue's words pg_trgm puts near it. */
  words: string[][];
  /** Per word of the search, the brands (by their number in the index) near it. */
  brands: number[][];
};

/**
 * Each part's rank under the search (search.ts): 0 its code is the search, 1 every word is in
 * its name or SKU, 2 in those or its brand, 3 in those or its description, 4 some word only
 * nearly (when `near` is given); -1 not found.
 */
export function searchIndex(
  index: TextIndex,
  parts: { brand: Int32Array; addedAt: Int32Array },
  query: TextQuery,
  near?: NearWords,
): Int8Array {
  const size = parts.addedAt.length;
  const ranks = new Int8Array(size).fill(-1);
  const asTyped = wordsFound(index, query);
  const perWord = asTyped.map((found, w) => {
    const nearly = new Uint8Array(size);
    const nearBrand = new Uint8Array(index.brandNames.length);
    if (near) {
      for (const word of near.words[w] ?? []) {
        const id = index.wordId.get(word);
        if (id === undefined) continue;
        const { starts, parts: holding } = index.postings;
        for (let k = starts[id]!; k < starts[id + 1]!; k++) nearly[holding[k]!] = 1;
      }
      for (const b of near.brands[w] ?? []) nearBrand[b] = 1;
    }
    return { ...found, nearly, nearBrand };
  });
  const exact = new Uint8Array(size);
  for (const p of exactCodes(index, query)) exact[p] = 1;
  // A part's rank is its worst word's: the first of name, brand, description, near holding it.
  // The texts are in the order the parts were added (`p`), the ranks in the facet index's (`i`).
  for (let i = 0; i < size; i++) {
    const p = parts.addedAt[i]!;
    if (exact[p]) {
      ranks[i] = 0;
      continue;
    }
    let rank = 1;
    const b = parts.brand[i]!;
    for (const word of perWord) {
      if (word.name[p]) continue;
      if (b >= 0 && word.brand[b]) rank = Math.max(rank, 2);
      else if (word.description[p]) rank = Math.max(rank, 3);
      else if (near && (word.nearly[p] || (b >= 0 && word.nearBrand[b]))) rank = NEAR_ONLY;
      else {
        rank = -1;
        break;
      }
    }
    ranks[i] = rank;
  }
  return ranks;
}

/**
 * Where each word of a search is found as typed. The last search's are kept per index: the
 * near-spelling pass follows one that found nothing, with the same words.
 */
const lastFound = new WeakMap<TextIndex, { key: string; found: WordFound[] }>();

type WordFound = { name: Uint8Array; description: Uint8Array; brand: Uint8Array };

function wordsFound(index: TextIndex, query: TextQuery): WordFound[] {
  const key = JSON.stringify(query.words);
  const last = lastFound.get(index);
  if (last?.key === key) return last.found;
  const size = index.names.starts.length - 1;
  const found = query.words.map((alternatives) => {
    const name = new Uint8Array(size);
    const description = new Uint8Array(size);
    for (const one of alternatives) {
      partsHolding(index.names, one, name);
      partsHolding(index.descriptions, one, description);
    }
    const brand = Uint8Array.from(index.brandNames, (brandName) =>
      alternatives.some((one) => brandName.includes(one)) ? 1 : 0,
    );
    return { name, description, brand };
  });
  lastFound.set(index, { key, found });
  return found;
}

/** The parts whose SKU, GTIN (in any length) or MPN (in any spelling) is the search. */
function exactCodes(index: TextIndex, { q }: TextQuery): number[] {
  const found = partsBeing(index.skus, q.toUpperCase());
  const digits = q.replace(/[\s-]/g, '');
  if (/^\d{8,14}$/.test(digits)) found.push(...partsBeing(index.gtins, digits.padStart(14, '0')));
  const mpn = mpnKeyOf(q);
  if (mpn.length >= 4) found.push(...partsBeing(index.mpns, mpn));
  return found;
}

/**
 * The catalogue's words that share most trigrams with a typed one: the few that pg_trgm then
 * weighs (as its trigram index would pick them), out of tens of thousands.
 */
export function wordsSharingTrigrams(index: TextIndex, typed: string, most: number): string[] {
  const shared = new Map<number, number>();
  for (const run of typed.match(WORD) ?? []) {
    for (const trigram of trigramsOf(run)) {
      for (const w of index.byTrigram.get(trigram) ?? []) shared.set(w, (shared.get(w) ?? 0) + 1);
    }
  }
  return [...shared]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, most)
    .map(([w]) => index.words[w]!);
}

/** The brands (by number) sharing a trigram with a typed word: the only ones it can be near. */
export function brandsSharingTrigrams(index: TextIndex, typed: string): number[] {
  const trigrams = new Set<string>();
  for (const run of typed.match(WORD) ?? []) for (const t of trigramsOf(run)) trigrams.add(t);
  return index.brandTrigrams.flatMap((own, b) =>
    [...own].some((t) => trigrams.has(t)) ? [b] : [],
  );
}
