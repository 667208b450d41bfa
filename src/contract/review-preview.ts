// Kept free of zod so the first paint of the storefront does not load it.

export const REVIEW_PREVIEW_LENGTH = 20;

// What a reader counts as one character: an emoji with its modifiers, a flag, a letter with
// its combining accents. Cutting by UTF-16 unit split them and left a broken glyph.
// Made when first needed: making one loads the locale's data, a long task on a phone.
let graphemes: Intl.Segmenter | undefined;

// Printable ASCII and the precomposed Latin letters: each unit is a character of its own, and
// none joins the one before it, so a text made of them is cut by unit exactly where a reader
// counts. Anything else (accents, emoji, line breaks) goes through the segmenter.
const ONE_UNIT_EACH = /^[\x20-\x7e\xa0-\u02ff]*$/;

/** The first `max` characters of `text` and an ellipsis, or all of it when it is that short. */
export function firstCharacters(text: string, max: number) {
  // `max` UTF-16 units or fewer are `max` characters or fewer.
  if (text.length <= max) return text;
  // The unit after the cut too: an accent there would belong to the last character shown.
  if (ONE_UNIT_EACH.test(text.slice(0, max + 1))) return `${text.slice(0, max)}…`;
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  let count = 0;
  for (const { index } of graphemes.segment(text)) {
    if (count === max) return `${text.slice(0, index)}…`;
    count += 1;
  }
  return text;
}

/** The home carousel shows the first 20 characters, then an ellipsis. */
export const reviewPreview = (text: string) => firstCharacters(text, REVIEW_PREVIEW_LENGTH);
