import type { ReactNode } from 'react';

const PLACEHOLDER = '/images/avatar-placeholder.svg';

const sizeClass = { 40: 'h-10 w-10', 48: 'h-12 w-12' } as const;

/** A reviewer's round photo beside their name; no photo, or an empty link: the placeholder. */
export function ReviewerPhoto({ src, size }: { src: string | null; size: keyof typeof sizeClass }) {
  return (
    <img
      src={src || PLACEHOLDER}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
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

/**
 * A review as a card: the reviewer's photo and name over what the page shows of it. `small`
 * is the product page's, where several stand in two columns under the product.
 */
export function ReviewFrame({
  name,
  photo,
  small = false,
  children,
}: {
  name: string;
  photo: string | null;
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className={small ? 'card-body gap-3' : 'card-body'}>
        <div className="flex items-center gap-3">
          <ReviewerPhoto src={photo} size={small ? 40 : 48} />
          <h3 className={small ? 'text-lg font-semibold' : 'card-title text-lg'}>{name}</h3>
        </div>
        {children}
      </div>
    </article>
  );
}
