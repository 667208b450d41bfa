const PLACEHOLDER = '/images/avatar-placeholder.svg';

const sizeClass = { 40: 'h-10 w-10', 48: 'h-12 w-12', 96: 'h-24 w-24 shrink-0' } as const;

/**
 * A person's round photo (a reviewer's, or the signed-in user's own); no photo, or an empty
 * link: the placeholder. Beside the person's name the alt stays empty.
 */
export function PersonPhoto({
  src,
  size,
  alt = '',
  eager = false,
}: {
  src: string | null | undefined;
  size: keyof typeof sizeClass;
  alt?: string;
  /** Near the top of its page: loaded at once. */
  eager?: boolean;
}) {
  return (
    <img
      src={src || PLACEHOLDER}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? undefined : 'lazy'}
      decoding={eager ? undefined : 'async'}
      // Some photo hosts refuse requests that carry another site as the referrer.
      referrerPolicy="no-referrer"
      className={`${sizeClass[size]} rounded-full object-cover ring-2 ring-base-300`}
      onError={(event) => {
        // A photo link that stopped working falls back to the placeholder, once.
        if (!event.currentTarget.src.endsWith(PLACEHOLDER)) event.currentTarget.src = PLACEHOLDER;
      }}
    />
  );
}
