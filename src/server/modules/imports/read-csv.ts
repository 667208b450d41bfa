import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';

/** What a file told about itself: its encoding, how it separates fields and writes decimals. */
export type CsvShape = Awaited<ReturnType<typeof csvFileShape>>;

export class CsvFileError extends Error {}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const HEAD_BYTES = 65_536;

/** The file's first 64 KB: its BOM, any sign of binary data, and its header line. */
async function headOf(path: string) {
  const file = await open(path);
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Whether the whole file is valid UTF-8, read a chunk at a time (a character may span two). */
async function isUtf8File(path: string) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of createReadStream(path)) {
    try {
      decoder.decode(chunk as Buffer, { stream: true });
    } catch {
      return false;
    }
  }
  try {
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * How a file is written: UTF-8 (with or without a BOM) or, when it is not valid UTF-8,
 * Windows-1252, what spreadsheets on Windows still save; and the separator its header line
 * uses most: `;` in Europe (with decimal commas), a tab from a copy, else `,`.
 */
export async function csvFileShape(path: string) {
  const head = await headOf(path);
  const encoding = await encodingOf(path, head);
  const start = iconv.decode(head, encoding);
  const header = start.slice(0, start.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  const delimiter = (['\t', ';', ','] as const).reduce((best, c) =>
    count(c) > count(best) ? c : best,
  );
  return { encoding, delimiter, decimalComma: delimiter === ';' };
}

async function encodingOf(path: string, head: Buffer) {
  if (head.subarray(0, 3).equals(BOM)) return 'utf8' as const;
  if (head.includes(0)) throw new CsvFileError('This is not a CSV file: it holds binary data.');
  return (await isUtf8File(path)) ? ('utf8' as const) : ('win1252' as const);
}

/**
 * The file's records, one at a time with its line number (a quoted field may span lines): the
 * header first. csv-parse reads it as a stream, so a 50 MB file is never one array of rows.
 */
export async function* csvRecords(path: string, shape: CsvShape) {
  const parser = createReadStream(path)
    .pipe(iconv.decodeStream(shape.encoding, { stripBOM: true }))
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
