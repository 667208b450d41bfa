import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';

// A CSV file written while it is read: the rows come a page at a time from an async source,
// through csv-stringify, to whoever reads the stream (an HTTP reply). Backpressure reaches the
// source, so a slow client holds one page in memory, never the file.

export type CsvSource = {
  header: readonly string[];
  /** Pages of rows, each row one cell per header column. */
  pages: AsyncIterable<readonly (readonly string[])[]>;
};

export type CsvOptions = {
  /** `;` between cells and a UTF-8 BOM: what spreadsheets set to European settings open. */
  excel: boolean;
  /** Told when the source fails part-way: the stream is then cut, never ended as if complete. */
  onError: (err: Error) => void;
};

export function csvStream({ header, pages }: CsvSource, { excel, onError }: CsvOptions) {
  const writer = stringify({
    delimiter: excel ? ';' : ',',
    bom: excel,
    // RFC 4180's line ends; every reader (csv-parse, spreadsheets) takes them.
    record_delimiter: 'windows',
    // Every cell is text already: the exports decide how a number or a date is written.
    cast: { string: (value) => value },
  });
  async function* rows() {
    yield header;
    for await (const page of pages) yield* page;
  }
  // pipeline destroys the writer when the source throws, so the reply is cut off.
  return pipeline(Readable.from(rows()), writer, (err) => {
    if (err) onError(err);
  });
}

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return
 * first) gets a leading apostrophe (OWASP's advice). Only for free text people typed: SKUs,
 * money and the products file are written as they are, so that they read back the same.
 */
export function plainText(text: string | null | undefined) {
  if (!text) return '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A date as YYYY-MM-DD (UTC), or an empty cell. */
export const dayCell = (date: Date | null | undefined) =>
  date ? date.toISOString().slice(0, 10) : '';
