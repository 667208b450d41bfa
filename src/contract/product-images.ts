import { z } from 'zod';
import { uploadedFile } from './uploads.ts';

/** The widths every uploaded image is made in, once, at upload (the /media/ URLs name them). */
export const MEDIA_WIDTHS = [160, 320, 640, 1280] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];
export const MEDIA_FORMATS = ['webp', 'jpg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** The width a product's `img` names: a card's and the product page's `src`. */
export const LEAD_WIDTH: MediaWidth = 640;

/** An upload's most: 10 MB, the figure. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** What a stored image is served as: /media/{id}-{width}.{format}. */
export const mediaPath = (id: string, width: MediaWidth, format: MediaFormat) =>
  `/media/${id}-${width}.${format}`;

const MEDIA_URL = /^\/media\/([0-9a-f-]{36})-(160|320|640|1280)\.(webp|jpg)$/;

/** The image a /media/ path names, if it names one of ours. */
export function parseMediaPath(path: string) {
  const m = MEDIA_URL.exec(path);
  if (!m) return undefined;
  return { id: m[1]!, width: Number(m[2]) as MediaWidth, format: m[3] as MediaFormat };
}

/**
 * An uploaded image's WebP widths as an `srcset`, from the URL a product's `img` holds; nothing
 * for any other link. Every width exists for every image (a small original's are capped at
 * its own size), so the list needs nothing but the URL.
 */
export function mediaSrcSet(src: string) {
  const named = parseMediaPath(src);
  if (!named) return undefined;
  return MEDIA_WIDTHS.map((w) => `${mediaPath(named.id, w, named.format)} ${w}w`).join(', ');
}

/** What a page shows in place of an outside link the job has not stored (yet): same size. */
export const PICTURE_PENDING = '/images/picture-pending.svg';

/**
 * The picture a page loads for an `img`: one of our paths as it is; an http(s) link to another
 * host never (the placeholder instead), so no stranger's host reaches a visitor's browser and
 * the CSP's img-src names none (docs/decisions/0028).
 */
export const shownPicture = (img: string) => (/^\/(?![/\\])/.test(img) ? img : PICTURE_PENDING);

export const imageUpload = z.object({ file: uploadedFile });

export const productImageParams = z.object({
  id: z.string().max(100),
  imageId: z.string().max(100),
});

export const productImage = z.object({
  _id: z.string(),
  /** The lead width's WebP: what the product's `img` becomes when this image is first. */
  url: z.string(),
  /** The original's size, after EXIF rotation. */
  width: z.number().int(),
  height: z.number().int(),
  /** 0 is first: the product's picture. */
  position: z.number().int(),
});
export type ProductImage = z.infer<typeof productImage>;

export const productImageList = z.object({ data: z.array(productImage) });
export type ProductImageList = z.infer<typeof productImageList>;

export const imageOrderInput = z.object({
  imageIds: z.array(z.string().max(100)).max(100),
});

export const imageRemoved = z.object({ ok: z.literal(true) });
