import { Link } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { useTools } from '../catalog/api.ts';
import { ToolGrid } from '../catalog/tool-grid.tsx';
import { HomeSection } from './home-section.tsx';

export function CycleTools() {
  const tools = useTools({ limit: 6 });
  return (
    <HomeSection id="tools" title="Cycle Tools" intro="Workshop favourites, sold from 10 pieces.">
      {tools.isPending ? (
        <SectionSpinner label="Loading tools" />
      ) : tools.isError ? (
        <SectionError error={tools.error} />
      ) : tools.data.data.length === 0 ? (
        <p className="text-center">No tools yet.</p>
      ) : (
        <ToolGrid tools={tools.data.data} className="grid-cols-1 md:grid-cols-2" />
      )}
      <div className="mt-8 flex justify-center">
        <Link to={sitePaths.shop} className="btn btn-outline btn-primary">
          Load More
        </Link>
      </div>
    </HomeSection>
  );
}
