// Writing and measuring text in the invoice's fonts (pdf-fonts.ts). Text in the main face, nearly
// all of it, is left to pdfkit as it is. Text with characters from the fallback face ("Łódź
// 山田") is wrapped and aligned here, in lines as high as the main face's and on its baseline,
// so that it sits level with the text beside it: pdfkit's `continued` text cannot right-align
// pieces in different fonts, and the Japanese face's own lines are a third higher.
import {
  ascentShare,
  type Face,
  fontSource,
  mainFace,
  runsOf,
  type Run,
  type Weight,
} from './pdf-fonts.ts';

type Pdf = PDFKit.PDFDocument;

export interface TextOptions {
  width?: number;
  align?: 'left' | 'right' | 'center';
  lineBreak?: boolean;
}

const registered = new WeakMap<Pdf, Set<Face>>();

/** Makes `face` the current font of the document, embedding it on first use. */
function useFace(pdf: Pdf, face: Face) {
  let faces = registered.get(pdf);
  if (!faces) registered.set(pdf, (faces = new Set()));
  if (!faces.has(face)) {
    pdf.registerFont(face, fontSource(face));
    faces.add(face);
  }
  return pdf.font(face);
}

/** Sets the font for a weight without writing anything: for moveDown and line heights. */
export const useWeight = (pdf: Pdf, weight: Weight) => useFace(pdf, mainFace(weight));

const widthOfRun = (pdf: Pdf, run: Run) => useFace(pdf, run.face).widthOfString(run.text);

export function widthOfText(pdf: Pdf, text: string, weight: Weight) {
  return runsOf(text, weight).reduce((sum, run) => sum + widthOfRun(pdf, run), 0);
}

const inMainFace = (runs: Run[], weight: Weight) =>
  runs.length === 1 && runs[0]!.face === mainFace(weight);

export function heightOfText(pdf: Pdf, text: string, weight: Weight, width: number) {
  const runs = runsOf(text, weight);
  if (inMainFace(runs, weight)) {
    return useFace(pdf, mainFace(weight)).heightOfString(runs[0]!.text, { width });
  }
  return linesOf(pdf, runs, width).length * lineMetrics(pdf, weight).height;
}

/** Writes text at (x, y), or where the last text ended, and leaves pdf.y below it as pdfkit does. */
export function writeText(
  pdf: Pdf,
  text: string,
  weight: Weight,
  x?: number,
  y?: number,
  options: TextOptions = {},
) {
  const runs = runsOf(text, weight);
  if (inMainFace(runs, weight)) {
    useFace(pdf, mainFace(weight)).text(runs[0]!.text, x ?? pdf.x, y ?? pdf.y, options);
    return;
  }
  const left = x ?? pdf.x;
  const top = y ?? pdf.y;
  const { height, ascender } = lineMetrics(pdf, weight);
  const lines = options.lineBreak === false ? [runs] : linesOf(pdf, runs, options.width);
  lines.forEach((line, i) => {
    const lineWidth = line.reduce((sum, run) => sum + widthOfRun(pdf, run), 0);
    const room = (options.width ?? lineWidth) - lineWidth;
    let at = left + (options.align === 'right' ? room : options.align === 'center' ? room / 2 : 0);
    for (const run of line.filter((r) => r.text !== '')) {
      // Every piece on the line's one baseline, whatever its font's ascender.
      useFace(pdf, run.face).text(run.text, at, top + i * height + ascender, {
        lineBreak: false,
        baseline: 'alphabetic',
      });
      at += widthOfRun(pdf, run);
    }
  });
  pdf.x = left;
  pdf.y = top + lines.length * height;
}

/** A line as the main face has it: its height, and how far down its baseline sits. */
function lineMetrics(pdf: Pdf, weight: Weight) {
  const height = useFace(pdf, mainFace(weight)).currentLineHeight(true);
  return { height, ascender: height * ascentShare(mainFace(weight)) };
}

// A line may break at a space, and around a CJK character (they are written without spaces).
const PIECE =
  /\s+|[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+/gu;

/** The runs cut into lines no wider than `width`: a word is broken only when it alone is wider. */
function linesOf(pdf: Pdf, runs: Run[], width = Infinity): Run[][] {
  const lines: Run[][] = [[]];
  let used = 0;
  const add = (run: Run, w: number) => {
    const line = lines.at(-1)!;
    const last = line.at(-1);
    if (last?.face === run.face) last.text += run.text;
    else line.push({ ...run });
    used += w;
  };
  const newLine = () => {
    const line = lines.at(-1)!;
    const last = line.at(-1);
    if (last) last.text = last.text.trimEnd();
    lines.push([]);
    used = 0;
  };
  for (const run of runs) {
    for (const text of run.text.match(PIECE) ?? []) {
      const piece = { text, face: run.face };
      const w = widthOfRun(pdf, piece);
      if (/^\s/u.test(text)) {
        if (used > 0) add(piece, w);
        continue;
      }
      if (used > 0 && used + w > width) newLine();
      if (w <= width) {
        add(piece, w);
        continue;
      }
      for (const char of text) {
        const single = { text: char, face: run.face };
        const cw = widthOfRun(pdf, single);
        if (used > 0 && used + cw > width) newLine();
        add(single, cw);
      }
    }
  }
  const last = lines.at(-1)!.at(-1);
  if (last) last.text = last.text.trimEnd();
  return lines.filter((line, i) => i === 0 || line.length > 0);
}
