import type { FormEventHandler, ReactNode } from 'react';

type Props = {
  /** The heading's id, which names the form for assistive technology. */
  titleId: string;
  title: string;
  /** A page's own form is its h1; a form among other things on its page is an h2. */
  heading: 'h1' | 'h2';
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Forms that also work before the script took over post to their page's action (0018). */
  method?: 'post';
  wide?: boolean;
  /** More room between fields that are not text boxes (stars, a product picker). */
  spacious?: boolean;
  children: ReactNode;
};

/** A form drawn as a card with its title: add a product, edit a profile, write a review. */
export function FormCard({
  titleId,
  title,
  heading,
  onSubmit,
  method,
  wide,
  spacious,
  children,
}: Props) {
  const Heading = heading;
  return (
    <form
      onSubmit={onSubmit}
      method={method}
      noValidate
      aria-labelledby={titleId}
      className={`card border border-base-300 bg-base-100 shadow-sm ${wide ? 'max-w-2xl' : ''}`}
    >
      <div className={`card-body ${spacious ? 'gap-5' : 'gap-4'}`}>
        <Heading id={titleId} className={heading === 'h1' ? 'text-2xl font-bold' : 'card-title'}>
          {title}
        </Heading>
        {children}
      </div>
    </form>
  );
}
