import { lazy } from 'react';
import { Link } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { LoadWhenVisible } from '../../components/when-visible.tsx';
import { useTools } from '../catalog/api.ts';
import { HomeSection } from './home-section.tsx';

// Below the fold: its code comes after the first paint (the list itself is fetched at once).
const CycleToolGrid = lazy(() =>
  import('./cycle-tool-grid.tsx').then((m) => ({ default: m.CycleToolGrid })),
);

/** The products the home page shows (its loader asks for the same list). */
export const homeTools = { limit: 6 };

export function CycleTools() {
  const tools = useTools(homeTools);
  return (
    <HomeSection id="tools" title="Cycle Tools" intro="Workshop favourites, sold from 10 pieces.">
      {tools.isPending ? (
        <SectionSpinner label="Loading tools" />
      ) : tools.isError ? (
        <SectionError error={tools.error} />
      ) : tools.data.data.length === 0 ? (
        <p className="text-center">No tools yet.</p>
      ) : (
        <LoadWhenVisible label="Loading tools">
          <CycleToolGrid tools={tools.data.data} />
        </LoadWhenVisible>
      )}
      <div className="mt-8 flex justify-center">
        <Link to={sitePaths.shop} className="btn btn-outline btn-primary">
          Load More
        </Link>
      </div>
    </HomeSection>
  );
}
