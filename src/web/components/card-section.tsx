import type { ReactNode } from 'react';

/**
 * A part of a page drawn as a card and named by its heading (an order's parts, the checkout's
 * steps): the heading's `id` labels the section for assistive technology.
 */
export function CardSection({
  id,
  heading,
  roomy = false,
  className,
  children,
}: {
  id: string;
  /** What the heading says: a title, or a step's number and title. */
  heading: ReactNode;
  /** More room between the parts (the checkout's steps). */
  roomy?: boolean;
  /** More classes for the card (a step that stays in view). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={['card border border-base-300 bg-base-100 shadow-sm', className]
        .filter(Boolean)
        .join(' ')}
    >
      <div className={`card-body ${roomy ? 'gap-4' : 'gap-3'} p-4 sm:p-6`}>
        <h2 id={id} className="card-title text-lg">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}
