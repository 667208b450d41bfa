import type { ReactNode } from 'react';
import { Picture } from './picture.tsx';

/** A card of the blog or the portfolio: a picture over its title, a text and its links. */
export function PictureCard({
  picture,
  title,
  headingId,
  text,
  clampText = false,
  children,
}: {
  picture: { src: string; width: number; height: number; className: string };
  title: string;
  /** Names the card after its title, where the card stands for a page of its own. */
  headingId?: string;
  text: string;
  /** Three lines of the text, where the link leads to the whole. */
  clampText?: boolean;
  /** The links, bottom right. */
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId}
      className="card h-full w-full border border-base-300 bg-base-100 shadow-sm"
    >
      <figure>
        <Picture {...picture} />
      </figure>
      <div className="card-body">
        <h3 id={headingId} className="card-title">
          {title}
        </h3>
        <p className={clampText ? 'line-clamp-3' : undefined}>{text}</p>
        <div className="card-actions mt-2 justify-end">{children}</div>
      </div>
    </article>
  );
}
