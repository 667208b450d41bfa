import type { ReactNode } from 'react';
import { PersonPhoto } from './person-photo.tsx';

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
          <PersonPhoto src={photo} size={small ? 40 : 48} />
          <h3 className={small ? 'text-lg font-semibold' : 'card-title text-lg'}>{name}</h3>
        </div>
        {children}
      </div>
    </article>
  );
}
