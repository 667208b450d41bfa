import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';

/** What a file told about itself: how it separates fields and writes decimals. */
export type CsvShape = { delimiter: ',' | ';' | '\t'; decimalComma: boolean };

export class CsvFileError extends Error {}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * How the bytes are written: UTF-8 (with or without a BOM) or, when they are not valid UTF-8,
 * Windows-1252, what spreadsheets on Windows still save.
 */
export function encodingOf(bytes: Buffer) {
  if (bytes.subarray(0, 3).equals(BOM)) return 'utf8' as const;
  if (bytes.subarray(0, 65_536).includes(0)) {
    throw new CsvFileError('This is not a CSV file: it holds binary data.');
  }
  return isUtf8(bytes) ? ('utf8' as const) : ('win1252' as const);
}

/** The separator the header line uses most: `;` in Europe, a tab from a copy, else `,`. */
export function shapeOf(bytes: Buffer, encoding: 'utf8' | 'win1252'): CsvShape {
  const start = iconv.decode(bytes.subarray(0, 65_536), encoding);
  const header = start.slice(0, start.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  const delimiter = (['\t', ';', ','] as const).reduce((best, c) =>
    count(c) > count(best) ? c : best,
  );
  return { delimiter, decimalComma: delimiter === ';' };
}

/**
 * The file's records, one at a time with its line number (a quoted field may span lines): the
 * header first. csv-parse reads it as a stream, so a 50 MB file is never one array of rows.
 */
export async function* csvRecords(bytes: Buffer, encoding: 'utf8' | 'win1252', shape: CsvShape) {
  const parser = Readable.from(chunksOf(bytes))
    .pipe(iconv.decodeStream(encoding, { stripBOM: true }))
    .pipe(
      parse({
        delimiter: shape.delimiter,
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        info: true,
      }),
    );
  let ended = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      // A quoted field may span lines: a record is numbered by the line it starts on.
      yield { line: ended + 1, cells: record };
      ended = info.lines;
    }
  } catch (err) {
    throw new CsvFileError(
      `This is not a CSV file we can read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

function* chunksOf(bytes: Buffer, size = 65_536) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
