import { mediaSrcSet, shownPicture } from '../../contract/product-images.ts';

/**
 * An image as the site loads them: the page's lead picture (its largest paint) at once and
 * first, every other one lazily; an outside link is shown as a placeholder of the same size,
 * never loaded (its job stores it as ours). Most stand beside text that says it all, so their alt is
 * empty unless given.
 */
export function Picture({
  src,
  alt = '',
  width,
  height,
  className,
  lead = false,
  sizes,
}: {
  src: string;
  /**
   * How wide the picture shows, for an uploaded image's widths (`srcset`): the browser picks
   * the smallest that fills it. Other links have one size and ignore it.
   */
  sizes?: string;
  alt?: string;
  width: number;
  height: number;
  className: string;
  lead?: boolean;
}) {
  const shown = shownPicture(src);
  const srcSet = mediaSrcSet(shown);
  return (
    <img
      src={shown}
      {...(srcSet ? { srcSet, sizes: sizes ?? '100vw' } : {})}
      alt={alt}
      width={width}
      height={height}
      loading={lead ? 'eager' : 'lazy'}
      fetchPriority={lead ? 'high' : 'auto'}
      decoding="async"
      className={className}
    />
  );
}

/** A product's large picture, at the top of its page and of its purchase page. */
export function ProductPicture({ src, name }: { src: string; name: string }) {
  return (
    <figure className="rounded-box bg-base-200 p-4">
      <Picture
        src={src}
        alt={name}
        width={600}
        height={450}
        lead
        sizes="(min-width: 768px) 45vw, 90vw"
        className="h-auto max-h-96 w-full object-contain"
      />
    </figure>
  );
}
