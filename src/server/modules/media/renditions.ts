import { createHash } from 'node:crypto';
import type * as SharpModule from 'sharp';
import type { Metadata } from 'sharp';
import {
  MEDIA_FORMATS,
  MEDIA_WIDTHS,
  type MediaFormat,
  type MediaWidth,
} from '../../../contract/product-images.ts';
import { AppError } from '../../errors.ts';

/** A decompression bomb's floor: a few KB of PNG can claim more pixels than memory holds. */
export const MAX_INPUT_PIXELS = 50_000_000;

export type OriginalFormat = 'jpeg' | 'png' | 'webp';
export type Rendition = { width: MediaWidth; format: MediaFormat; bytes: Buffer; etag: string };
export type MadeImage = {
  width: number;
  height: number;
  originalFormat: OriginalFormat;
  renditions: Rendition[];
};

const refused = (message: string) => new AppError('bad_request', message);

/**
 * sharp (libvips) is loaded with the first image, not at start: it holds about 18 MiB resident
 * that a shop serving its stored renditions never needs (bench/README.md, "Memory").
 */
let loaded: Promise<typeof SharpModule> | undefined;
const sharpOf = async () => (await (loaded ??= import('sharp'))).default;
const ACCEPTED = new Set<string>(['jpeg', 'png', 'webp']);

/**
 * What the bytes are, read from the bytes (sharp's header parse), never from the name or type
 * the sender gave: JPEG, PNG or WebP, within the pixel ceiling. Anything else is a 400 that
 * says what is wrong.
 */
export async function sniffImage(bytes: Buffer) {
  if (bytes.length === 0) throw refused('The file is empty');
  const sharp = await sharpOf();
  let meta: Metadata;
  try {
    // The header only, no pixels decoded: the ceiling is checked below, with the size named.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refused('The file is not an image (JPEG, PNG or WebP)');
  }
  // An SVG can carry script, and it is drawn by the browser, not by us: refused outright.
  if (meta.format === 'svg') throw refused('SVG images are not accepted: use JPEG, PNG or WebP');
  if (!ACCEPTED.has(meta.format)) {
    throw refused(`A ${meta.format.toUpperCase()} image is not accepted: use JPEG, PNG or WebP`);
  }
  const { width, height } = meta;
  if (!width || !height) throw refused('The file is not an image (JPEG, PNG or WebP)');
  if (width * height > MAX_INPUT_PIXELS) {
    throw refused(
      `The image is ${width} × ${height} pixels, over 50 megapixels: make it smaller first`,
    );
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: its width is then its height.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    format: meta.format as OriginalFormat,
    width: turned ? height : width,
    height: turned ? width : height,
  };
}

const etagOf = (bytes: Buffer) =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;

/**
 * Every width in WebP and JPEG, made once at upload: turned upright by its EXIF orientation,
 * its metadata (EXIF, GPS, ICC aside from sRGB conversion) dropped, never made larger than the
 * original. A smaller original still gets every width's name, each at most its own size, so a
 * /media/ URL never names a missing file (docs/decisions/0028).
 */
export async function makeRenditions(bytes: Buffer): Promise<MadeImage> {
  const original = await sniffImage(bytes);
  const sharp = await sharpOf();
  // Decoded once; each size is a clone of the upright, sRGB picture.
  const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .toColourspace('srgb');
  let renditions: Rendition[];
  try {
    renditions = await Promise.all(
      MEDIA_WIDTHS.flatMap((width) =>
        MEDIA_FORMATS.map(async (format) => {
          const sized = upright.clone().resize({ width, withoutEnlargement: true });
          const out =
            format === 'webp'
              ? await sized.webp({ quality: 80 }).toBuffer()
              : await sized
                  .flatten({ background: '#ffffff' })
                  .jpeg({ quality: 82, mozjpeg: true })
                  .toBuffer();
          return { width, format, bytes: out, etag: etagOf(out) };
        }),
      ),
    );
  } catch {
    // The header parsed but the pixels do not: a truncated or corrupt file.
    throw refused('The image is damaged and cannot be read');
  }
  return {
    width: original.width,
    height: original.height,
    originalFormat: original.format,
    renditions,
  };
}
