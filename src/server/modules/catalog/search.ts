import { sql, type SQL } from 'drizzle-orm';
import { likePattern } from '../../lib/paging.ts';
import { mpnKeyOf } from './repository.ts';

// `?q=`: what a part is found by, and how the finds are ranked. The statements that run these
// pieces are in browse.ts; they name the product `p` and its brand `b`.

/**
 * How near a typed word must come to a word of the name for pg_trgm to count it (its
 * word_similarity, 0 to 1). The default, 0.6, misses a swapped pair of letters in a short word
 * ("chian" is 0.33 from "chain"); 0.3 still keeps unrelated words apart.
 */
export const WORD_SIMILARITY = 0.3;

// pg_trgm indexes three-letter pieces: a shorter word gives it nothing to look up.
const TRIGRAM = 3;

/**
 * What pg_trgm reads of a typed word: its runs of letters and digits three long or more, as one
 * text. Punctuation splits words for pg_trgm, so `'x'='x` is two words "x" whose two trigrams
 * ("  x", " x ") come half-way to any word starting with x: too little to call it a spelling.
 */
export const trigramWords = (word: string) =>
  (word.match(/[\p{L}\p{N}]+/gu) ?? []).filter((run) => run.length >= TRIGRAM).join(' ');

/**
 * Whether a word may be found by its near spellings: it has a run of three letters or more. A
 * term with a digit is a code (CN-HG701, 116): a code one character off is another part, so it
 * is found only as typed.
 */
export const mayBeNear = (word: string) => trigramWords(word) !== '' && !/\d/.test(word);

export type TextQuery = {
  /** The search as typed, trimmed. */
  q: string;
  /** Its words, lower-cased, each with the words the synonyms read it as too. */
  words: string[][];
  /**
   * Whether near spellings count: only when the search as typed finds nothing (listing.ts), and
   * only where the database has pg_trgm (a PostgreSQL without its contrib package may not).
   */
  fuzzy: boolean;
};

/** The words of a search, each with what the synonyms say it also means. */
export function textQuery(q: string, synonyms: Record<string, string>, fuzzy: boolean): TextQuery {
  const lower = q.trim().toLowerCase();
  const words = lower.split(/\s+/).filter(Boolean);
  // A synonym may be a phrase ("rim tape"): then the whole search is read as its meaning too.
  const phrase = synonyms[lower];
  return {
    q: q.trim(),
    words: words.map((word) => [word, ...(synonyms[word] ? [synonyms[word]] : [])]),
    fuzzy,
    ...(phrase && words.length > 1 ? { words: [[lower, phrase]] } : {}),
  };
}

const searchText = sql`p.search_text`;
const description = sql`lower(p.description)`;
const brandName = sql`lower(coalesce(b.name, ''))`;

/** The product whose SKU, GTIN (in any length) or MPN (in any spelling) is the search. */
function exactCode({ q }: TextQuery): SQL {
  const codes = [sql`upper(p.sku) = ${q.toUpperCase()}`];
  const digits = q.replace(/[\s-]/g, '');
  if (/^\d{8,14}$/.test(digits)) {
    codes.push(sql`lpad(p.gtin, 14, '0') = ${digits.padStart(14, '0')}`);
  }
  const mpn = mpnKeyOf(q);
  if (mpn.length >= 4) {
    codes.push(sql`upper(regexp_replace(p.mpn, '[^A-Za-z0-9]', '', 'g')) = ${mpn}`);
  }
  return sql`(${sql.join(codes, sql` or `)})`;
}

const anyOf = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;
const allOf = (parts: SQL[]) => sql`(${sql.join(parts, sql` and `)})`;

/** A word (or what it also means) as part of one text: the name and SKU, the brand, … */
const containing = (text: SQL) => (word: string[]) =>
  anyOf(word.map((one) => sql`${text} like ${likePattern(one)}`));

/**
 * A word one or two typos away from a word of the name and SKU, or of the brand. pg_trgm's
 * `<%` is served by the name's trigram index at the threshold the statement sets
 * (WORD_SIMILARITY); the brand, a short text in a small table, is compared directly.
 */
const nearly = (word: string[]) =>
  anyOf(
    word
      .filter(mayBeNear)
      .map(trigramWords)
      .flatMap((one) => [
        sql`${one} <% ${searchText}`,
        sql`word_similarity(${one}, ${brandName}) >= ${WORD_SIMILARITY}`,
      ]),
  );

/** Every word somewhere: in the name, SKU, brand or description, or nearly in a name or brand. */
export function matching(query: TextQuery): SQL {
  const wordFound = (word: string[]) => {
    const found = [
      containing(searchText)(word),
      containing(brandName)(word),
      containing(description)(word),
    ];
    if (query.fuzzy && word.some(mayBeNear)) found.push(nearly(word));
    return anyOf(found);
  };
  return anyOf([exactCode(query), allOf(query.words.map(wordFound))]);
}

/**
 * The rank of a find, first to last: its code is the search; every word is in its name (or
 * SKU); in its name or brand; in its name, brand or description; the rest (near spellings).
 */
export function rank(query: TextQuery): SQL {
  const inName = allOf(query.words.map(containing(searchText)));
  const inNameOrBrand = allOf(
    query.words.map((word) => anyOf([containing(searchText)(word), containing(brandName)(word)])),
  );
  const anywhere = allOf(
    query.words.map((word) =>
      anyOf([
        containing(searchText)(word),
        containing(brandName)(word),
        containing(description)(word),
      ]),
    ),
  );
  return sql`case when ${exactCode(query)} then 0 when ${inName} then 1
    when ${inNameOrBrand} then 2 when ${anywhere} then 3 else 4 end`;
}

/** The rank of a find made by near spellings alone. */
export const NEAR_ONLY = 4;
