// The fonts an invoice is written in, so that every name prints as it was typed (decision 0023).
// DejaVu Sans Condensed covers Latin, Greek and Cyrillic, about as wide as the Helvetica the
// layout was made for; Noto Sans JP covers the kana and kanji DejaVu lacks. Both are embedded,
// and pdfkit keeps only the glyphs a document uses. Each face is read from the package that
// ships it once per process and only when first needed: DejaVu with the first PDF, a Noto Sans
// JP face (5.5 MB) only when a text has a character DejaVu lacks.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type { Font } from 'fontkit';

export type Weight = 'regular' | 'bold';
export type Face = 'main' | 'main-bold' | 'cjk' | 'cjk-bold';

const FILES: Record<Face, string> = {
  main: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  'main-bold': 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
  cjk: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  'cjk-bold': '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
};

const MAIN: Record<Weight, Face> = { regular: 'main', bold: 'main-bold' };
const FALLBACK: Record<Weight, Face> = { regular: 'cjk', bold: 'cjk-bold' };

let fontkit: typeof Fontkit | undefined;
const loaded = new Map<Face, Font>();

/** Loads fontkit and the main faces; called before the first PDF is drawn. */
export async function loadPdfFonts() {
  fontkit ??= await import('fontkit');
  face('main');
  face('main-bold');
}

function face(name: Face): Font {
  const known = loaded.get(name);
  if (known) return known;
  if (!fontkit) throw new Error('loadPdfFonts() must finish before a PDF is drawn');
  const path = createRequire(import.meta.url).resolve(FILES[name]);
  const font = fontkit.create(readFileSync(path));
  // A .ttc would answer a collection: each of these files is one face.
  if (!('layout' in font)) throw new Error(`${FILES[name]} is not a single font`);
  loaded.set(name, font);
  return font;
}

/** The font pdfkit embeds for a face; pdfkit also takes a parsed fontkit font (not in its types). */
export const fontSource = (name: Face) => face(name) as unknown as Buffer;

/** The share of a line of this face (as pdfkit measures lines) that is above the baseline. */
export function ascentShare(name: Face) {
  const font = face(name);
  return font.ascent / (font.ascent - font.descent + font.lineGap);
}

export const mainFace = (weight: Weight) => MAIN[weight];

export interface Run {
  text: string;
  face: Face;
}

// Which face writes each character, per weight, once looked up: a table is drawn, measured and
// wrapped several times over, and a cmap look-up per character each time adds up. Bounded, as
// the characters come from what customers type.
type Choice = { face: Face } | { instead: string };
const chosen: Record<Weight, Map<number, Choice>> = { regular: new Map(), bold: new Map() };
const CHOICES_KEPT = 20_000;

const has = (name: Face, code: number) => face(name).hasGlyphForCodePoint(code);

function choose(code: number, weight: Weight): Choice {
  const known = chosen[weight].get(code);
  if (known) return known;
  const main = MAIN[weight];
  const choice = has(main, code)
    ? { face: main }
    : has(FALLBACK[weight], code)
      ? { face: FALLBACK[weight] }
      : { instead: baseLetters(String.fromCodePoint(code), face(main)) };
  if (chosen[weight].size >= CHOICES_KEPT) chosen[weight].clear();
  chosen[weight].set(code, choice);
  return choice;
}

/**
 * The text cut into runs of one face each: every character in DejaVu when it has it, else in
 * Noto Sans JP. Spaces stay in the run they are in ("山田 太郎" is one run). A character neither
 * has is written as its base letters (ǅ as Dž) when DejaVu has those, else as "?": a reader
 * sees that something is missing, never a wrong letter.
 */
export function runsOf(text: string, weight: Weight): Run[] {
  const main = MAIN[weight];
  // Nearly every text on an invoice is printable ASCII, which DejaVu has.
  if (/^[\x20-\x7e]*$/.test(text)) return text === '' ? [] : [{ text, face: main }];
  const runs: Run[] = [];
  const push = (chars: string, name: Face) => {
    const last = runs.at(-1);
    if (last?.face === name) last.text += chars;
    else runs.push({ text: chars, face: name });
  };
  for (const raw of text) {
    // Control characters (a newline pasted into a name) would break the line or print nothing.
    const char = raw < ' ' ? ' ' : raw;
    const code = char.codePointAt(0) ?? 0x3f;
    const current = runs.at(-1)?.face;
    if (current && /\s/u.test(char) && has(current, code)) {
      push(char, current);
      continue;
    }
    const choice = choose(code, weight);
    if ('face' in choice) push(char, choice.face);
    else push(choice.instead, main);
  }
  return runs;
}

function baseLetters(char: string, font: Font) {
  const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
  const printable =
    bare !== '' && [...bare].every((c) => font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0));
  return printable ? bare : '?';
}
