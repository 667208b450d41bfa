import { loadPdfFonts } from './pdf-fonts.ts';
import { MARGIN, type Pdf } from './pdf-layout.ts';

export type PdfInfo = { title: string; author: string; subject: string; date: Date };

/** An A4 document in the embedded fonts, drawn by `draw` and answered as its bytes. */
export async function writePdf(info: PdfInfo, draw: (pdf: Pdf) => void): Promise<Buffer> {
  // Loaded on the first document, not at start: pdfkit and its fonts hold about 25 MB resident
  // (bench/README.md, "Memory").
  const [{ default: PDFDocument }] = await Promise.all([import('pdfkit'), loadPdfFonts()]);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // No built-in font: every text picks an embedded one (pdf-text.ts).
    font: '',
    info: {
      // Metadata is written as Unicode, in no font.
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      // Also seeds the file's ID: the same document renders to the same bytes.
      CreationDate: info.date,
      ModDate: info.date,
    },
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    try {
      draw(pdf);
      pdf.end();
    } catch (error) {
      reject(error);
    }
  });
}
