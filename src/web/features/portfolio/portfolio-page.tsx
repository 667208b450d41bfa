import { PageMeta } from '../../lib/page-meta.tsx';
import { portfolio } from './portfolio-content.ts';
import { ProjectCard } from './project-card.tsx';

export function PortfolioPage() {
  return (
    <div className="flex flex-col gap-12 py-10">
      <PageMeta
        title={`${portfolio.name}: portfolio`}
        description={`${portfolio.name}, ${portfolio.role}: introduction, expertise and projects.`}
      />
      <header className="max-w-3xl">
        <p className="font-semibold text-primary">{portfolio.role}</p>
        <h1 className="mt-1 text-4xl font-bold">{portfolio.name}</h1>
        <p className="mt-4 text-lg">{portfolio.introduction}</p>
      </header>
      <section aria-labelledby="expertise" className="max-w-3xl">
        <h2 id="expertise" className="text-2xl font-bold">
          Expertise
        </h2>
        <p className="mt-3">{portfolio.expertise}</p>
        <h3 className="mt-6 text-lg font-semibold">Skills</h3>
        <ul className="mt-3 flex flex-wrap gap-2">
          {portfolio.skills.map((skill) => (
            <li key={skill} className="badge badge-outline badge-lg">
              {skill}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="projects">
        <h2 id="projects" className="text-2xl font-bold">
          Projects
        </h2>
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {portfolio.projects.map((project) => (
            <li key={project.name} className="flex">
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
