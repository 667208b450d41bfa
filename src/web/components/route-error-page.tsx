import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';

/** Chunk failures look different in each browser; all mean the page's code did not arrive. */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(
    error.message,
  );

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const chunk = isChunkLoadError(error);
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-24 text-center"
    >
      <h1 className="text-2xl font-bold">
        {chunk ? 'This page could not be loaded' : 'Something went wrong'}
      </h1>
      <p>
        {chunk
          ? 'The connection dropped or the shop was just updated. Reloading usually fixes it.'
          : 'An unexpected error stopped this page. Reloading usually fixes it.'}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}
