import { useEffect } from 'react';

const SITE = 'ECParts';

/** Sets the document title and meta description of the page that renders it. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    document.title = `${title} | ${SITE}`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
