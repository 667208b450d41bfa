import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { PortfolioProject } from './portfolio-content.ts';

const isSpaRoute = (url: string) => url.startsWith('/') && !url.startsWith('/api/');

export function ProjectCard({ project }: { project: PortfolioProject }) {
  const linkClass = 'btn btn-primary btn-sm';
  return (
    <article className="card h-full w-full border border-base-300 bg-base-100 shadow-sm">
      <figure>
        <img
          src={project.image}
          alt=""
          width={480}
          height={270}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      </figure>
      <div className="card-body">
        <h3 className="card-title">{project.name}</h3>
        <p>{project.description}</p>
        <div className="card-actions mt-2 justify-end">
          {isSpaRoute(project.liveUrl) ? (
            <Link to={project.liveUrl} className={linkClass}>
              {project.linkLabel}
            </Link>
          ) : (
            <a href={project.liveUrl} className={linkClass}>
              {project.linkLabel}
              <ExternalLink size={16} aria-hidden="true" />
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
