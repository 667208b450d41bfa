import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { PictureCard } from '../../components/picture-card.tsx';
import type { PortfolioProject } from './portfolio-content.ts';

const isSpaRoute = (url: string) => url.startsWith('/') && !url.startsWith('/api/');

export function ProjectCard({ project }: { project: PortfolioProject }) {
  const linkClass = 'btn btn-primary btn-sm';
  return (
    <PictureCard
      picture={{
        src: project.image,
        width: 480,
        height: 270,
        className: 'aspect-video w-full object-cover',
      }}
      title={project.name}
      text={project.description}
    >
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
    </PictureCard>
  );
}
