import { Link } from 'react-router';
import type { Product } from '../../contract/catalog.ts';
import { formatDollars } from '../../contract/money.ts';
import { sitePaths, toPath } from '../../contract/site-paths.ts';

/** `eager`: the card is in the first screenful, so its image is the page's largest paint. */
export function ToolCard({ tool, eager = false }: { tool: Product; eager?: boolean }) {
  const headingId = `tool-${tool._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <figure className="bg-base-200 p-4">
        <img
          src={tool.img}
          alt={tool.name}
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className="h-48 w-full object-contain"
        />
      </figure>
      <div className="card-body">
        <h3 id={headingId} className="card-title">
          {tool.name}
        </h3>
        <p className="line-clamp-3">{tool.desc}</p>
        <p className="text-lg font-semibold">
          <span className="sr-only">Price: </span>
          {formatDollars(tool.price)}
          <span className="text-sm font-normal"> per piece</span>
        </p>
        <div className="card-actions justify-end">
          <Link
            to={toPath(sitePaths.tool, { toolsid: tool._id })}
            className="btn btn-primary"
            aria-label={`Order Now: ${tool.name}`}
          >
            Order Now
          </Link>
        </div>
      </div>
    </article>
  );
}
